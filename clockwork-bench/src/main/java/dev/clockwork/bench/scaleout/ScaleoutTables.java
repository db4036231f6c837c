package dev.clockwork.bench.scaleout;

import dev.clockwork.bench.report.Figures;
import dev.clockwork.bench.report.Section;
import dev.clockwork.bench.report.Target;
import dev.clockwork.cli.output.Table;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** The scale-out table and the three targets, judged against the run with fewest nodes. */
final class ScaleoutTables {
  private ScaleoutTables() {}

  static Section section(List<ScaleoutRun.Result> results) {
    Table table =
        new Table(
            ">nodes",
            ">events",
            ">offered/s",
            ">drain/s",
            ">statements/event",
            ">rows scanned/event",
            ">NOTIFY wake-ups/event",
            ">idle queries/s per node",
            "checks");
    StringBuilder checks = new StringBuilder();
    for (ScaleoutRun.Result r : results) {
      table.row(
          String.valueOf(r.nodes()),
          Figures.count(r.events()),
          Figures.rate(r.offeredPerSecond()),
          Figures.rate(r.throughput()),
          String.format(Locale.ROOT, "%.2f", r.statementsPerEvent()),
          String.format(Locale.ROOT, "%.1f", r.rowsPerEvent()),
          String.format(Locale.ROOT, "%.2f", r.wakeUpsPerEvent()),
          String.format(Locale.ROOT, "%.2f", r.idleQueriesPerSecondPerNode()),
          r.correct() ? "OK" : "WRONG");
      checks.append(r.nodes()).append(" nodes: ").append(r.verification()).append('\n');
    }
    String text =
        "Scale-out: engine processes (separate JVMs, the engine's defaults) on one PostgreSQL at"
            + " the same offered load; per event = over the load window until the queue drained"
            + " (the producer's enqueues included, the same in every row); rows scanned ="
            + " pg_stat_user_tables seq_tup_read + idx_tup_fetch; wake-ups = NOTIFYs received by a"
            + " listener × nodes; drain = as many events again, queued while the machine was"
            + " paused, then drained by every node at once (the throughput)\n\n"
            + table.markdown()
            + "\n"
            + checks;
    return new Section(text, targets(results));
  }

  private static List<Target> targets(List<ScaleoutRun.Result> results) {
    List<Target> targets = new ArrayList<>();
    if (results.size() < 2) {
      return targets;
    }
    ScaleoutRun.Result one = results.get(0);
    ScaleoutRun.Result most = results.get(results.size() - 1);
    String vs = most.nodes() + " nodes vs " + one.nodes();
    // the database's work per event: statements, and the rows they read (a claim that walks past
    // rows other nodes hold is one statement but many rows)
    targets.add(
        atMost(
            "statements per event, " + vs,
            most.statementsPerEvent(),
            one.statementsPerEvent(),
            "≤ 1.2×"));
    targets.add(
        atMost("rows scanned per event, " + vs, most.rowsPerEvent(), one.rowsPerEvent(), "≤ 1.2×"));
    targets.add(
        atMost(
            "idle queries/s per node, " + vs,
            most.idleQueriesPerSecondPerNode(),
            one.idleQueriesPerSecondPerNode(),
            "constant (≤ 1.2×)"));
    double throughput = most.throughput() / one.throughput();
    targets.add(
        new Target(
            "throughput (drain), " + vs + " (same cores)",
            String.format(
                Locale.ROOT,
                "%s vs %s: %s",
                Figures.rate(most.throughput()),
                Figures.rate(one.throughput()),
                Figures.ratio(throughput)),
            "≥ 0.9×",
            throughput >= 0.9));
    return targets;
  }

  /** A target met when {@code most} is at most 1.2 times {@code one}. */
  private static Target atMost(String what, double most, double one, String required) {
    double ratio = most / one;
    return new Target(
        what,
        String.format(Locale.ROOT, "%.2f vs %.2f: %s", most, one, Figures.ratio(ratio)),
        required,
        ratio <= 1.2);
  }
}
