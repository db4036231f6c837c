package dev.clockwork.schedule;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.clockwork.schedule.definition.InvalidScheduleException;
import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.Test;

/** Malformed input fails when the schedule is built or created, naming the culprit and the fix. */
class MalformedInputTest {
  ScheduleFixture fixture = ScheduleFixture.at("2026-03-01T12:00:00Z");

  static ScheduleRequest build(UnaryOperator<ScheduleRequest.Builder> change) {
    return change.apply(ScheduleRequest.builder("bad").startMachine("job", Map.of())).build();
  }

  @Test
  void aBadCronNamesTheField() {
    assertThatThrownBy(() -> build(b -> b.cron("0 25 * * *")))
        .isInstanceOf(InvalidScheduleException.class)
        .hasMessageContaining("hour field '25'")
        .hasMessageContaining("out of range 0-23");
    assertThatThrownBy(() -> build(b -> b.cron("0 2 * * * * *")))
        .isInstanceOf(InvalidScheduleException.class)
        .hasMessageContaining("has 7 fields")
        .hasMessageContaining("write 5 fields");
    assertThatThrownBy(() -> build(b -> b.cron("0 2 * * FUNDAY")))
        .isInstanceOf(InvalidScheduleException.class)
        .hasMessageContaining("day-of-week field");
  }

  @Test
  void aCronThatCanNeverFireIsRejected() {
    assertThatThrownBy(() -> build(b -> b.cron("0 0 30 2 *")))
        .isInstanceOf(InvalidScheduleException.class)
        .hasMessageContaining("never fires");
  }

  @Test
  void anUnknownZoneIsNamed() {
    assertThatThrownBy(() -> build(b -> b.cron("0 2 * * *").timezone("America/New_Yrok")))
        .isInstanceOf(InvalidScheduleException.class)
        .hasMessageContaining("timezone 'America/New_Yrok'")
        .hasMessageContaining("America/New_York");
  }

  @Test
  void aNegativeJitterIsRefused() {
    assertThatThrownBy(() -> build(b -> b.cron("0 2 * * *").jitterSeconds(-5)))
        .isInstanceOf(InvalidScheduleException.class)
        .hasMessageContaining("jitter_seconds -5 is negative");
  }

  @Test
  void maxRunsOfZeroIsRefused() {
    assertThatThrownBy(() -> build(b -> b.cron("0 2 * * *").maxRuns(0)))
        .isInstanceOf(InvalidScheduleException.class)
        .hasMessageContaining("max_runs 0 must be at least 1");
  }

  @Test
  void anUnknownPolicyListsTheKnownOnes() {
    assertThatThrownBy(() -> build(b -> b.cron("0 2 * * *").overlapPolicy("sometimes")))
        .isInstanceOf(InvalidScheduleException.class)
        .hasMessageContaining("overlap policy 'sometimes' is unknown")
        .hasMessageContaining(
            "skip, buffer_one, buffer_all, allow_all, cancel_other, terminate_other");
    assertThatThrownBy(() -> build(b -> b.cron("0 2 * * *").catchup("never")))
        .isInstanceOf(InvalidScheduleException.class)
        .hasMessageContaining("catch-up policy 'never' is unknown");
    assertThatThrownBy(() -> build(b -> b.cron("0 2 * * *").dstGap("jump")))
        .isInstanceOf(InvalidScheduleException.class)
        .hasMessageContaining("dst_gap 'jump' is unknown; use one of shift_forward, skip");
  }

  @Test
  void anEveryOfZeroIsRefused() {
    assertThatThrownBy(() -> build(b -> b.interval("PT0S")))
        .isInstanceOf(InvalidScheduleException.class)
        .hasMessageContaining("every 'PT0S' must be positive");
    assertThatThrownBy(() -> build(b -> b.interval("PT1H", "PT2H")))
        .isInstanceOf(InvalidScheduleException.class)
        .hasMessageContaining("shorter than every");
    assertThatThrownBy(() -> build(b -> b.interval("every hour")))
        .isInstanceOf(InvalidScheduleException.class)
        .hasMessageContaining("interval every");
  }

  @Test
  void aSpecWithNothingToFireOrWithUnknownKeysIsRefused() {
    assertThatThrownBy(() -> build(b -> b))
        .isInstanceOf(InvalidScheduleException.class)
        .hasMessageContaining("at least one cron expression or interval");
    assertThatThrownBy(() -> build(b -> b.spec(Map.of("crons", List.of("0 2 * * *")))))
        .isInstanceOf(InvalidScheduleException.class)
        .hasMessageContaining("unknown key 'crons'");
  }

  @Test
  void anActionIsRequiredAndItsMachineMustBeRegistered() {
    assertThatThrownBy(() -> ScheduleRequest.builder("bad").cron("0 2 * * *").build())
        .isInstanceOf(InvalidScheduleException.class)
        .hasMessageContaining("needs an action");
    assertThatThrownBy(
            () ->
                fixture.schedules.create(
                    ScheduleRequest.builder("bad")
                        .startMachine("nobody", Map.of())
                        .cron("0 2 * * *")
                        .build()))
        .isInstanceOf(InvalidScheduleException.class)
        .hasMessageContaining("action.machine 'nobody' is not registered");
  }

  @Test
  void anIdOrNamespaceThatCannotBePartOfAnInstanceIdIsRefused() {
    assertThatThrownBy(
            () ->
                ScheduleRequest.builder("a:b")
                    .startMachine("job", Map.of())
                    .cron("0 2 * * *")
                    .build())
        .isInstanceOf(InvalidScheduleException.class)
        .hasMessageContaining("schedule id 'a:b' is not allowed");
    assertThatThrownBy(() -> fixture.schedules.in("a/b"))
        .isInstanceOf(InvalidScheduleException.class)
        .hasMessageContaining("namespace 'a/b'");
  }

  @Test
  void otherBoundsAreChecked() {
    assertThatThrownBy(() -> build(b -> b.cron("0 2 * * *").maxBuffer(0)))
        .isInstanceOf(InvalidScheduleException.class)
        .hasMessageContaining("max_buffer 0");
    assertThatThrownBy(() -> build(b -> b.cron("0 2 * * *").catchupWindow("PT0S")))
        .isInstanceOf(InvalidScheduleException.class)
        .hasMessageContaining("catchup_window");
  }
}
