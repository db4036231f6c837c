package dev.clockwork.chaos.check;

import static dev.clockwork.chaos.check.Verdicts.holds;
import static dev.clockwork.chaos.check.Verdicts.onlyBroken;
import static org.assertj.core.api.Assertions.assertThat;

import dev.clockwork.chaos.check.Observations.Cycles;
import dev.clockwork.chaos.check.Observations.Outreach;
import java.util.List;
import org.junit.jupiter.api.Test;

/** I6's counting: an entry into the every state gets max fires, then its then once. */
class CycleCheckTest {
  private static Verdict check(List<Long> entries, List<Long> pulses, List<Long> ends) {
    return Verdicts.check(
        new Cycles(entries, pulses, ends), Outreach.NONE, Reached.NONE, ScheduleSeen.NONE);
  }

  @Test
  void maxFiresThenOneThenPerEntryHolds() {
    Verdict verdict = check(List.of(4L, 9L), List.of(4L, 4L, 4L, 9L, 9L, 9L), List.of(4L, 9L));
    holds(verdict);
    assertThat(verdict.get(Checker.EVERY_MAX).checkedCount()).isEqualTo(2);
    assertThat(verdict.get(Checker.THEN_ONCE).checkedCount()).isEqualTo(2);
  }

  @Test
  void aFireBeyondMaxIsCounted() {
    onlyBroken(check(List.of(4L), List.of(4L, 4L, 4L, 4L), List.of(4L)), 1, Checker.EVERY_MAX);
  }

  @Test
  void thenTwiceIsCounted() {
    onlyBroken(check(List.of(4L), List.of(4L, 4L, 4L), List.of(4L, 4L)), 1, Checker.THEN_ONCE);
  }

  @Test
  void anEntryLeftWithoutItsThenIsCounted() {
    onlyBroken(check(List.of(4L), List.of(4L, 4L, 4L), List.of()), 1, Checker.THEN_ONCE);
  }

  @Test
  void tooFewFiresAndAThenBeforeMaxAreCountedEach() {
    onlyBroken(check(List.of(4L), List.of(4L, 4L), List.of()), 1, Checker.EVERY_MAX);
    onlyBroken(
        check(List.of(4L), List.of(4L, 4L), List.of(4L)), 1, Checker.EVERY_MAX, Checker.THEN_ONCE);
  }

  @Test
  void firesForNoEntryAreCounted() {
    onlyBroken(check(List.of(), List.of(7L), List.of()), 1, Checker.EVERY_MAX);
  }
}
