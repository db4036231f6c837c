package dev.clockwork.schedule;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.clockwork.schedule.definition.InvalidScheduleException;
import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.Test;

/** A malformed time date or cycle fails when the schedule is built, naming it and the fix. */
class MalformedDateAndCycleTest {
  ScheduleFixture fixture = ScheduleFixture.at("2026-04-27T10:00:00Z");

  static ScheduleRequest build(UnaryOperator<ScheduleRequest.Builder> change) {
    return change.apply(ScheduleRequest.builder("bad").startMachine("job", Map.of())).build();
  }

  @Test
  void aDateWithoutAnOffsetOrZoneSaysHowToWriteOne() {
    assertThatThrownBy(() -> build(b -> b.date("2026-04-27T17:20:00")))
        .isInstanceOf(InvalidScheduleException.class)
        .hasMessageContaining("'2026-04-27T17:20:00'")
        .hasMessageContaining("2026-04-27T17:20:00Z");
  }

  @Test
  void aDateThatIsNoDateShowsExamples() {
    assertThatThrownBy(() -> build(b -> b.date("next tuesday")))
        .isInstanceOf(InvalidScheduleException.class)
        .hasMessageContaining("'next tuesday'")
        .hasMessageContaining("2019-10-01T12:00:00Z");
    assertThatThrownBy(() -> build(b -> b.date("R5/PT10S")))
        .isInstanceOf(InvalidScheduleException.class)
        .hasMessageContaining("'R5/PT10S'")
        .hasMessageContaining("goes in cycles");
    assertThatThrownBy(() -> build(b -> b.date("2026-04-27T17:20:00+02:00[Europe/Berln]")))
        .isInstanceOf(InvalidScheduleException.class)
        .hasMessageContaining("unknown zone 'Europe/Berln'");
  }

  @Test
  void aCycleThatNeverFiresOrHasNoPositiveDurationIsRefused() {
    assertThatThrownBy(() -> build(b -> b.cycle("R0/PT10S")))
        .isInstanceOf(InvalidScheduleException.class)
        .hasMessageContaining("cycle 'R0/PT10S'")
        .hasMessageContaining("R1 or more");
    assertThatThrownBy(() -> build(b -> b.cycle("R3/PT0S")))
        .isInstanceOf(InvalidScheduleException.class)
        .hasMessageContaining("cycle 'R3/PT0S'")
        .hasMessageContaining("must be positive");
    assertThatThrownBy(() -> build(b -> b.cycle("R3/2026-04-27T17:20:00Z")))
        .isInstanceOf(InvalidScheduleException.class)
        .hasMessageContaining("cycle 'R3/2026-04-27T17:20:00Z'")
        .hasMessageContaining("R5/PT10S");
  }

  @Test
  void aDurationOrDateWrittenAsACycleIsPointedToTheRightForm() {
    assertThatThrownBy(() -> build(b -> b.cycle("PT10S")))
        .isInstanceOf(InvalidScheduleException.class)
        .hasMessageContaining("cycle 'PT10S'")
        .hasMessageContaining("R/PT10S");
    assertThatThrownBy(() -> build(b -> b.cycle("2026-04-27T17:20:00Z")))
        .isInstanceOf(InvalidScheduleException.class)
        .hasMessageContaining("goes in dates");
  }

  @Test
  void wrongTypesInASpecMapNameTheKey() {
    assertThatThrownBy(() -> build(b -> b.spec(Map.of("dates", List.of(5)))))
        .isInstanceOf(InvalidScheduleException.class)
        .hasMessageContaining("spec.dates[] must be a non-empty text");
    assertThatThrownBy(() -> build(b -> b.spec(Map.of("cycles", List.of("")))))
        .isInstanceOf(InvalidScheduleException.class)
        .hasMessageContaining("spec.cycles[] must be a non-empty text");
    assertThatThrownBy(
            () ->
                build(
                    b ->
                        b.spec(Map.of("cycles", List.of("R5/PT10S"), "cycle_anchor", "yesterday"))))
        .isInstanceOf(InvalidScheduleException.class)
        .hasMessageContaining("spec.cycle_anchor 'yesterday' is not an instant");
  }

  @Test
  void aPastDateBesideCronIsRefusedWhenTheScheduleIsCreated() {
    assertThatThrownBy(
            () ->
                fixture.schedules.create(
                    build(b -> b.date("2026-04-27T08:00:00Z").cron("0 * * * *"))))
        .isInstanceOf(InvalidScheduleException.class)
        .hasMessageContaining("2026-04-27T08:00:00Z has passed")
        .hasMessageContaining("as a schedule of its own");
  }
}
