package dev.clockwork.chaos.run;

import dev.clockwork.chaos.check.Checker;
import dev.clockwork.chaos.check.Verdict;
import java.io.PrintStream;
import java.util.List;

/**
 * One run in a line: what the long mode's table (and the README's) shows.
 *
 * @param label the run's faults ({@code baseline}, {@code kill}, {@code deploy+kill+…})
 * @param seed its seed
 * @param acknowledged the enqueues the producer was told succeeded
 * @param lost acknowledged events neither applied nor dead-lettered (I1)
 * @param duplicated numbers applied twice, and event ids with two applied history rows (I2)
 * @param outOfOrder numbers applied after a larger one (I3)
 * @param faults faults applied
 * @param violations every invariant's violations together
 * @param held whether every invariant held and every scheduled fault was applied
 * @param broken the invariants with violations, by id (so that a CI log's last lines say which)
 */
public record RunSummary(
    String label,
    long seed,
    int acknowledged,
    long lost,
    long duplicated,
    long outOfOrder,
    int faults,
    long violations,
    boolean held,
    List<String> broken) {

  static RunSummary of(
      RunSettings settings, int acknowledged, Verdict verdict, int faults, boolean held) {
    long violations = verdict.rows().stream().mapToLong(Verdict.Row::violations).sum();
    return new RunSummary(
        settings.label(),
        settings.seed(),
        acknowledged,
        verdict.get(Checker.LOST).violations(),
        verdict.get(Checker.TWICE).violations()
            + verdict.get(Checker.TWICE_IN_HISTORY).violations(),
        verdict.get(Checker.ORDER).violations(),
        faults,
        violations,
        held,
        verdict.rows().stream().filter(r -> r.violations() > 0).map(Verdict.Row::id).toList());
  }

  /** The runs as a Markdown table. */
  public static void print(List<RunSummary> runs, PrintStream out) {
    out.println(
        "| run | seed | acknowledged | lost | duplicated | out of order | faults applied |"
            + " violations | verdict |");
    out.println("|---|---|---|---|---|---|---|---|---|");
    for (RunSummary run : runs) {
      out.printf(
          "| %s | %d | %,d | %d | %d | %d | %d | %d | %s |%n",
          run.label(),
          run.seed(),
          run.acknowledged(),
          run.lost(),
          run.duplicated(),
          run.outOfOrder(),
          run.faults(),
          run.violations(),
          run.held() ? "held" : "BROKEN" + brokenList(run.broken()));
    }
  }

  private static String brokenList(List<String> broken) {
    return broken.isEmpty()
        ? " (a scheduled fault was not applied)"
        : ": " + String.join(", ", broken);
  }
}
