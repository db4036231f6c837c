package dev.clockwork.chaos.check;

import static org.assertj.core.api.Assertions.assertThat;

import dev.clockwork.chaos.check.FanSeen.Segment;
import dev.clockwork.chaos.producer.FanProducer.Fan;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The parallel-dispatch scenario's invariants on made-up observations of one instance. */
class FanOutCheckTest {
  private static final Segment DONE_ONCE =
      new Segment(Map.of("left", 1, "right", 1), "PARALLEL_DONE");
  private static final Segment OPEN = new Segment(Map.of(), null);

  /** fan-1 entered 1 and 3 (both done) and ignored 2. */
  private static FanSeen settled() {
    return new FanSeen(
        "fan-1",
        List.of(1L, 3L),
        List.of(2L),
        List.of(1L, 3L),
        List.of(),
        List.of(),
        Map.of("left", List.of(1L, 3L), "right", List.of(1L, 3L)),
        Map.of("left", List.of(3L), "right", List.of()),
        List.of(DONE_ONCE, DONE_ONCE, OPEN),
        false,
        0);
  }

  private static final List<Fan> SENT =
      List.of(new Fan("fan-1", 1), new Fan("fan-1", 2), new Fan("fan-1", 3));

  private static Verdict check(FanSeen seen) {
    Verdict verdict = new Verdict();
    FanOutCheck.check(SENT, Map.of("fan-1", seen), verdict);
    return verdict;
  }

  @Test
  void aSettledRunHolds() {
    Verdict verdict = check(settled());
    assertThat(verdict.holds()).isTrue();
    assertThat(verdict.get(FanOutCheck.OUTCOME).checkedCount()).isEqualTo(2);
    assertThat(verdict.notes()).anyMatch(n -> n.contains("1 region actions run again"));
  }

  @Test
  void aRegionAppliedTwiceIsCaughtInTheContextAndInTheHistory() {
    FanSeen s = settled();
    FanSeen twice =
        new FanSeen(
            s.id(),
            s.fans(),
            s.ignored(),
            s.done(),
            s.failed(),
            s.failExceptions(),
            Map.of("left", List.of(1L, 3L, 3L), "right", List.of(1L, 3L)),
            s.reruns(),
            List.of(DONE_ONCE, new Segment(Map.of("left", 2, "right", 1), "PARALLEL_DONE"), OPEN),
            false,
            0);
    Verdict verdict = check(twice);
    assertThat(verdict.get(FanOutCheck.REGION_ONCE).violations()).isEqualTo(1);
    assertThat(verdict.get(FanOutCheck.REGION_HISTORY).violations()).isEqualTo(1);
  }

  @Test
  void anEntryWithoutAnOutcomeAJobLeftAndALostFanAreCaught() {
    FanSeen s = settled();
    FanSeen stuck =
        new FanSeen(
            s.id(),
            List.of(1L, 3L),
            List.of(),
            List.of(1L),
            List.of(),
            List.of(),
            Map.of("left", List.of(1L), "right", List.of(1L)),
            s.reruns(),
            List.of(DONE_ONCE, new Segment(Map.of("left", 1), null)),
            true,
            1);
    Verdict verdict = check(stuck);
    assertThat(verdict.get(FanOutCheck.OUTCOME).violations()).isEqualTo(1);
    assertThat(verdict.get(FanOutCheck.JOBS_LEFT).violations()).isEqualTo(1);
    assertThat(verdict.get(FanOutCheck.FAN).violations())
        .as("FAN 2 neither entered nor ignored")
        .isEqualTo(1);
  }

  @Test
  void aGivenUpJobMustNameItsException() {
    FanSeen s = settled();
    FanSeen failed =
        new FanSeen(
            s.id(),
            s.fans(),
            s.ignored(),
            List.of(1L),
            List.of(3L),
            List.of(""),
            Map.of("left", List.of(1L, 3L), "right", List.of(1L)),
            s.reruns(),
            List.of(DONE_ONCE, new Segment(Map.of("left", 1), "PARALLEL_FAIL"), OPEN),
            false,
            0);
    Verdict verdict = check(failed);
    assertThat(verdict.get(FanOutCheck.FAIL_NAMED).violations()).isEqualTo(1);
    assertThat(verdict.get(FanOutCheck.OUTCOME).violations()).isZero();
    assertThat(verdict.get(FanOutCheck.REGION_ONCE).violations())
        .as("at most once when failed")
        .isZero();
  }
}
