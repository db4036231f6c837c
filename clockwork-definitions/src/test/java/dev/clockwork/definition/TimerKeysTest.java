package dev.clockwork.definition;

import static org.assertj.core.api.Assertions.assertThat;

import dev.clockwork.core.definition.MachineDefinition;
import java.time.Instant;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Each timer key arms the timer it says, due when it says: the instance starts at {@link Drive#T0}
 * (2026-03-02T00:00:00Z) in state {@code a}, whose {@code TICK} transition carries the timer.
 */
class TimerKeysTest {
  static MachineDefinition timed(String timer) {
    return Drive.yaml(
        """
        id: m
        context: {remind_after: PT2H}
        initial: a
        states:
          a:
            on:
              TICK: {actions: count, %s}
              DONE: b
          b: {}
        """
            .formatted(timer));
  }

  static Instant due(String timer) {
    return Drive.start(timed(timer)).timer("TICK").due();
  }

  static Instant t(String iso) {
    return Instant.parse(iso);
  }

  @Test
  void afterTakesDurationsInWordsAndIso8601WithItsCalendar() {
    assertThat(due("after: 7 days")).isEqualTo(t("2026-03-09T00:00:00Z"));
    assertThat(due("after: 90 seconds")).isEqualTo(t("2026-03-02T00:01:30Z"));
    assertThat(due("after: PT36H")).isEqualTo(t("2026-03-03T12:00:00Z"));
    assertThat(due("after: P1M")).isEqualTo(t("2026-04-02T00:00:00Z"));
    Drive fired = Drive.start(timed("after: 1 hour")).fire("TICK");
    assertThat(fired.context("count")).isEqualTo(1);
    assertThat(fired.snapshot().timers()).isEmpty();
  }

  @Test
  void everyRecursFromEachFire() {
    Drive drive = Drive.start(timed("every: 6h"));
    assertThat(drive.timer("TICK").due()).isEqualTo(t("2026-03-02T06:00:00Z"));
    drive.fire("TICK");
    assertThat(drive.timer("TICK").due()).isEqualTo(t("2026-03-02T12:00:00Z"));
    assertThat(due("every: PT30M")).isEqualTo(t("2026-03-02T00:30:00Z"));
  }

  @Test
  void maxAndThenStopARecurringTimerAndSendTheEventOnce() {
    Drive drive = Drive.start(timed("every: 1 hour, max: 2, then: DONE"));
    drive.fire("TICK").fire("TICK");
    assertThat(drive.context("count")).isEqualTo(2);
    assertThat(drive.timer("DONE").due()).isEqualTo(t("2026-03-02T03:00:00Z"));
    assertThat(drive.fire("DONE").value()).containsExactly("b");
  }

  @Test
  void atFiresOnceAtADateTime() {
    assertThat(due("at: '2026-05-01T08:00:00+02:00'")).isEqualTo(t("2026-05-01T06:00:00Z"));
  }

  @Test
  void cycleRepeatsAnIso8601Interval() {
    Drive drive = Drive.start(timed("cycle: R2/PT10S"));
    assertThat(drive.timer("TICK").due()).isEqualTo(t("2026-03-02T00:00:10Z"));
    drive.fire("TICK");
    assertThat(drive.timer("TICK").due()).isEqualTo(t("2026-03-02T00:00:20Z"));
    drive.fire("TICK");
    assertThat(drive.snapshot().timers()).isEmpty();
  }

  @Test
  void cronFiresInTheTimersZone() {
    assertThat(due("cron: '0 9 * * *'")).isEqualTo(t("2026-03-02T09:00:00Z"));
    assertThat(due("cron: '0 9 * * *', zone: America/New_York"))
        .isEqualTo(t("2026-03-02T14:00:00Z"));
  }

  @Test
  void dstSaysWhatACronTimeInAGapOrAnOverlapDoes() {
    // New York: 02:30 on 2026-03-08 does not exist; 01:30 on 2026-11-01 happens twice
    String gap = "cron: '30 2 8 3 *', zone: America/New_York";
    assertThat(due(gap)).isEqualTo(t("2026-03-08T07:00:00Z"));
    assertThat(due(gap + ", dst: {gap: skip}")).isEqualTo(t("2027-03-08T07:30:00Z"));
    String overlap = "cron: '30 1 1 11 *', zone: America/New_York";
    assertThat(due(overlap)).isEqualTo(t("2026-11-01T05:30:00Z"));
    assertThat(due(overlap + ", dst: {overlap: last}")).isEqualTo(t("2026-11-01T06:30:00Z"));
  }

  @Test
  void timerComputesTheValueWithANamedTimerValue() {
    assertThat(due("timer: oneHour")).isEqualTo(t("2026-03-02T01:00:00Z"));
  }

  @Test
  void timerFromContextReadsTheValueFromAContextKey() {
    assertThat(due("timerFromContext: remind_after")).isEqualTo(t("2026-03-02T02:00:00Z"));
    Drive fromInput =
        Drive.start(timed("timerFromContext: remind_after"), Map.of("remind_after", "PT5M"));
    assertThat(fromInput.timer("TICK").due()).isEqualTo(t("2026-03-02T00:05:00Z"));
  }
}
