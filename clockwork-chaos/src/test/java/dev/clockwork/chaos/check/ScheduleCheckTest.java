package dev.clockwork.chaos.check;

import static dev.clockwork.chaos.check.Verdicts.holds;
import static dev.clockwork.chaos.check.Verdicts.onlyBroken;
import static org.assertj.core.api.Assertions.assertThat;

import dev.clockwork.chaos.check.Observations.Cycles;
import dev.clockwork.chaos.check.Observations.Outreach;
import dev.clockwork.chaos.check.ScheduleSeen.RunSeen;
import dev.clockwork.chaos.check.ScheduleSeen.Skipped;
import dev.clockwork.chaos.check.ScheduleSeen.Triggered;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * I7's counting on a schedule every 2 s whose runs take 3 s: t0 runs, t2 is skipped, t4 runs, t6 is
 * skipped, t8 is not evaluated yet when the schedule is paused at t10.
 */
class ScheduleCheckTest {
  private static final Instant T0 = Instant.parse("2026-11-25T10:00:00Z");
  private static final String SKIP = "overlap_policy_skip";

  private final List<Triggered> triggered = new ArrayList<>();
  private final List<Skipped> skipped = new ArrayList<>();
  private final Map<String, RunSeen> runs = new HashMap<>();
  private long auditedSkips = 2;

  ScheduleCheckTest() {
    triggered.add(new Triggered(t(0), "run-0", "started", t(100)));
    triggered.add(new Triggered(t(4000), "run-4", "started", t(4100)));
    skipped.add(new Skipped(t(2000), SKIP, t(2100)));
    skipped.add(new Skipped(t(6000), SKIP, t(6100)));
    runs.put("run-0", new RunSeen(List.of(t(0)), true, t(200), t(3200)));
    runs.put("run-4", new RunSeen(List.of(t(4000)), true, t(4200), t(7200)));
  }

  private static Instant t(long millis) {
    return T0.plusMillis(millis);
  }

  private Verdict check() {
    ScheduleSeen schedule =
        new ScheduleSeen(
            List.of(t(0), t(2000), t(4000), t(6000), t(8000)),
            t(10_000),
            triggered,
            skipped,
            auditedSkips,
            runs);
    return Verdicts.check(Cycles.NONE, Outreach.NONE, Reached.NONE, schedule);
  }

  @Test
  void oneOutcomePerOccurrenceEachRunAuditedAndThePolicyFollowedHolds() {
    Verdict verdict = check();
    holds(verdict);
    assertThat(verdict.get(Checker.OCCURRENCE).checkedCount()).isEqualTo(6);
    assertThat(verdict.get(Checker.RUN).checkedCount()).isEqualTo(2);
    assertThat(verdict.get(Checker.OVERLAP).checkedCount()).isEqualTo(3);
  }

  @Test
  void aMissingOccurrenceIsCounted() {
    skipped.remove(0);
    auditedSkips = 1;
    onlyBroken(check(), 1, Checker.OCCURRENCE);
  }

  @Test
  void anOccurrenceLeftUnevaluatedBeforeThePauseIsCounted() {
    skipped.remove(1);
    auditedSkips = 1;
    onlyBroken(check(), 1, Checker.OCCURRENCE);
  }

  @Test
  void anOccurrenceTriggeredTwiceIsCounted() {
    triggered.add(new Triggered(t(4000), "run-4", "already_started", t(9100)));
    onlyBroken(check(), 1, Checker.OCCURRENCE, Checker.RUN);
  }

  @Test
  void skipsTheAuditDoesNotCountAreCounted() {
    auditedSkips = 3;
    onlyBroken(check(), 1, Checker.OCCURRENCE);
  }

  @Test
  void aRunWithoutItsAuditRowIsCounted() {
    runs.put("run-6", new RunSeen(List.of(t(6000)), true, t(6200), t(9200)));
    onlyBroken(check(), 1, Checker.RUN);
  }

  @Test
  void aTriggeredRunThatIsMissingOrUnfinishedIsCounted() {
    runs.remove("run-4");
    onlyBroken(check(), 1, Checker.RUN);
    runs.put("run-4", new RunSeen(List.of(t(4000)), false, t(4200), null));
    onlyBroken(check(), 1, Checker.RUN);
  }

  @Test
  void aSkipWhileNothingRanIsCounted() {
    runs.put("run-0", new RunSeen(List.of(t(0)), true, t(200), t(900)));
    onlyBroken(check(), 1, Checker.OVERLAP);
  }

  @Test
  void aRunStartedWhileThePreviousRanIsCounted() {
    runs.put("run-4", new RunSeen(List.of(t(4000)), true, t(3000), t(7200)));
    onlyBroken(check(), 1, Checker.OVERLAP);
  }

  @Test
  void aSkipForAnotherReasonIsCounted() {
    skipped.set(0, new Skipped(t(2000), "catchup_once", t(2100)));
    onlyBroken(check(), 1, Checker.OVERLAP);
  }
}
