package dev.clockwork.chaos.check;

import dev.clockwork.chaos.check.ScheduleSeen.RunSeen;
import dev.clockwork.chaos.check.ScheduleSeen.Skipped;
import dev.clockwork.chaos.check.ScheduleSeen.Triggered;
import dev.clockwork.chaos.machine.ChaosSchedule;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * I7: the schedule accounted for each of its occurrences once, and its runs match its audit.
 *
 * <ul>
 *   <li>{@code occurrence}: each occurrence of the spec before the schedule was paused has exactly
 *       one outcome — a {@code ScheduleTriggered} audit row or a skipped occurrence — except the
 *       last {@link #EVALUATION_SLACK}, which a tick may not have reached yet (at most one); no
 *       outcome for an instant that is no occurrence; the audit's skip count equals the skipped
 *       occurrences.
 *   <li>{@code run}: each triggered row names a run that exists, names that occurrence in its own
 *       history and finished; no run is named twice; every run of the machine has its audit row.
 *   <li>{@code overlap}: the policy ({@code skip}) was followed: a skip was decided while the
 *       previous run still ran (it finished no more than {@link #DECISION_SLACK} before the skip
 *       was recorded, by the database's clock against the deciding engine's), and a run was created
 *       only after the previous run had finished (both by the database's clock).
 * </ul>
 */
final class ScheduleCheck {
  /** The tail before the pause that a tick may not have evaluated yet. */
  static final Duration EVALUATION_SLACK = Duration.ofSeconds(2);

  /** Between a run's final commit and a skip the tick decided: commit latency, clock reads. */
  static final Duration DECISION_SLACK = Duration.ofSeconds(1);

  private final Verdict.Row occurrence;
  private final Verdict.Row run;
  private final Verdict.Row overlap;

  ScheduleCheck(Verdict verdict) {
    occurrence = verdict.row(Checker.OCCURRENCE, "schedule occurrence without exactly one outcome");
    run = verdict.row(Checker.RUN, "triggered occurrence without one finished run, or vice versa");
    overlap = verdict.row(Checker.OVERLAP, "run started or skipped against the overlap policy");
  }

  void check(ScheduleSeen seen) {
    if (!seen.exists()) {
      return;
    }
    checkOccurrences(seen);
    checkRuns(seen);
    checkOverlap(seen);
  }

  private void checkOccurrences(ScheduleSeen seen) {
    Map<Instant, List<String>> outcomes = new TreeMap<>();
    seen.triggered()
        .forEach(
            t ->
                outcomes
                    .computeIfAbsent(t.occurrence(), k -> new ArrayList<>())
                    .add(t.outcome() + " " + t.instanceId()));
    seen.skipped()
        .forEach(
            s ->
                outcomes
                    .computeIfAbsent(s.occurrence(), k -> new ArrayList<>())
                    .add("skipped (" + s.reason() + ")"));
    Instant settled = seen.until().minus(EVALUATION_SLACK);
    for (Instant o : seen.occurrences()) {
      List<String> found = outcomes.getOrDefault(o, List.of());
      occurrence.checked();
      boolean mayBeOpen = !o.isBefore(settled);
      if (found.size() > 1 || (found.isEmpty() && !mayBeOpen)) {
        occurrence.violation(
            "occurrence " + o + ": " + (found.isEmpty() ? "no outcome" : String.join(", ", found)));
      }
    }
    Set<Instant> expected = new HashSet<>(seen.occurrences());
    outcomes.forEach(
        (o, found) -> {
          if (!expected.contains(o)) {
            occurrence.violation(o + " is no occurrence before " + seen.until() + ": " + found);
          }
        });
    occurrence.checked();
    if (seen.auditedSkips() != seen.skipped().size()) {
      occurrence.violation(
          "the audit counts "
              + seen.auditedSkips()
              + " skips; "
              + seen.skipped().size()
              + " skipped occurrences are recorded");
    }
  }

  private void checkRuns(ScheduleSeen seen) {
    Map<String, Integer> named = new HashMap<>();
    for (Triggered t : seen.triggered()) {
      named.merge(t.instanceId(), 1, Integer::sum);
      RunSeen r = seen.runs().get(t.instanceId());
      run.checked();
      if (r == null) {
        run.violation(t.occurrence() + ": " + t.instanceId() + " does not exist");
      } else if (!r.lineage().equals(List.of(t.occurrence()))) {
        run.violation(t.occurrence() + ": " + t.instanceId() + " names occurrences " + r.lineage());
      } else if (!r.done()) {
        run.violation(t.occurrence() + ": " + t.instanceId() + " did not finish");
      }
    }
    named.forEach(
        (id, times) -> {
          if (times > 1) {
            run.violation(id + " is named by " + times + " triggered rows");
          }
        });
    new TreeMap<>(seen.runs())
        .forEach(
            (id, r) -> {
              if (!named.containsKey(id)) {
                run.checked();
                run.violation(id + " (occurrence " + r.lineage() + ") has no triggered audit row");
              }
            });
  }

  private void checkOverlap(ScheduleSeen seen) {
    List<Triggered> runs = new ArrayList<>();
    Set<String> listed = new HashSet<>();
    seen.triggered().stream()
        .sorted(Comparator.comparing(Triggered::occurrence))
        .filter(t -> listed.add(t.instanceId()))
        .forEach(runs::add);
    for (int i = 1; i < runs.size(); i++) {
      RunSeen previous = seen.runs().get(runs.get(i - 1).instanceId());
      RunSeen next = seen.runs().get(runs.get(i).instanceId());
      if (previous == null || next == null || next.createdAt() == null) {
        continue; // counted under run, or no database clock (a run in process)
      }
      overlap.checked();
      if (previous.finishedAt() == null || previous.finishedAt().isAfter(next.createdAt())) {
        overlap.violation(
            runs.get(i).instanceId()
                + " created at "
                + next.createdAt()
                + " while "
                + runs.get(i - 1).instanceId()
                + " ran (finished "
                + previous.finishedAt()
                + ")");
      }
    }
    for (Skipped s : seen.skipped()) {
      overlap.checked();
      if (!ChaosSchedule.OVERLAP_SKIP_REASON.equals(s.reason())) {
        overlap.violation(s.occurrence() + " skipped for " + s.reason());
        continue;
      }
      Triggered before = null;
      for (Triggered t : runs) {
        if (t.occurrence().isBefore(s.occurrence())) {
          before = t;
        }
      }
      RunSeen previous = before == null ? null : seen.runs().get(before.instanceId());
      if (before == null) {
        overlap.violation(s.occurrence() + " skipped for overlap with no earlier run");
      } else if (previous != null
          && previous.finishedAt() != null
          && previous.finishedAt().isBefore(s.recordedAt().minus(DECISION_SLACK))) {
        overlap.violation(
            s.occurrence()
                + " skipped at "
                + s.recordedAt()
                + ", but "
                + before.instanceId()
                + " had finished at "
                + previous.finishedAt());
      }
    }
  }
}
