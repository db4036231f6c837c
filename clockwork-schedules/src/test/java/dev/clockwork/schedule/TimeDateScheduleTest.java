package dev.clockwork.schedule;

import static dev.clockwork.schedule.ScheduleFixture.t;
import static org.assertj.core.api.Assertions.assertThat;

import dev.clockwork.schedule.audit.ScheduleAuditEvent;
import dev.clockwork.schedule.audit.ScheduleEventType;
import dev.clockwork.schedule.definition.CatchupPolicy;
import dev.clockwork.schedule.outcome.TickResult;
import dev.clockwork.schedule.outcome.TriggerOutcome;
import dev.clockwork.schedule.store.ScheduleStatus;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * A time date, as a BPMN timer start event writes it: exactly one occurrence at that instant, then
 * the schedule is over (it deletes itself, as max runs make it do).
 */
class TimeDateScheduleTest {
  ScheduleFixture fixture = ScheduleFixture.at("2026-04-27T10:00:00Z");

  ScheduleDescription create(String date) {
    return fixture.schedules.create(
        ScheduleRequest.builder("release").startMachine("pulse", Map.of()).date(date).build());
  }

  @Test
  void firesOnceAtTheDateAndThenHasNoNextFire() {
    ScheduleDescription created = create("2026-04-27T17:20:00Z");
    assertThat(created.upcomingFireTimes()).containsExactly(t("2026-04-27T17:20:00Z"));
    assertThat(created.spec())
        .isEqualTo(Map.of("dates", List.of("2026-04-27T17:20:00Z"), "timezone", "UTC"));

    assertThat(fixture.tickAt("2026-04-27T17:19:59Z")).isEmpty();
    TickResult fired = fixture.tickAt("2026-04-27T17:20:00Z").get(0);
    assertThat(fired.outcome()).isEqualTo(TriggerOutcome.STARTED);
    assertThat(fired.instanceId()).isEqualTo("schedule:release:2026-04-27T17:20:00Z");
    assertThat(fired.nextFireAt()).isNull();

    ScheduleDescription after = fixture.schedules.describe("release");
    assertThat(after.nextFireAt()).isNull();
    assertThat(after.upcomingFireTimes()).isEmpty();
    assertThat(after.status()).isEqualTo(ScheduleStatus.DELETED);
    assertThat(after.record().deleteReason()).isEqualTo("spec_exhausted");
    assertThat(after.firesCount()).isEqualTo(1);
    List<ScheduleAuditEvent> events = fixture.schedules.history("release").events();
    assertThat(events)
        .extracting(ScheduleAuditEvent::type)
        .containsExactly(
            ScheduleEventType.ScheduleCreated,
            ScheduleEventType.ScheduleTriggered,
            ScheduleEventType.ScheduleDeleted);
    assertThat(events.get(2).payload()).containsEntry("reason", "spec_exhausted");
    assertThat(fixture.tickAt("2026-04-28T17:20:00Z")).isEmpty();
    assertThat(fixture.instances("pulse")).hasSize(1);
  }

  @Test
  void aDateWithAnOffsetOrAZoneIdIsThatInstant() {
    assertThat(create("2026-04-27T19:20:00+02:00").nextFireAt())
        .isEqualTo(t("2026-04-27T17:20:00Z"));
    fixture.schedules.delete("release");
    ScheduleDescription zoned =
        fixture.schedules.create(
            ScheduleRequest.builder("release-berlin")
                .startMachine("pulse", Map.of())
                .date("2026-04-27T19:20:00+02:00[Europe/Berlin]")
                .build());
    assertThat(zoned.nextFireAt()).isEqualTo(t("2026-04-27T17:20:00Z"));
    assertThat(zoned.spec().get("dates"))
        .isEqualTo(List.of("2026-04-27T19:20:00+02:00[Europe/Berlin]"));
  }

  @Test
  void aDatePastAtCreationIsDueAtOnceAndRunsUnderCatchupOnce() {
    ScheduleDescription created = create("2026-04-27T08:00:00Z");
    assertThat(created.nextFireAt()).isEqualTo(t("2026-04-27T08:00:00Z"));
    assertThat(created.status()).isEqualTo(ScheduleStatus.ACTIVE);

    TickResult fired = fixture.tickAt("2026-04-27T10:00:01Z").get(0);
    assertThat(fired.outcome()).isEqualTo(TriggerOutcome.STARTED);
    assertThat(fired.occurrenceTime()).isEqualTo(t("2026-04-27T08:00:00Z"));
    assertThat(fixture.schedules.describe("release").status()).isEqualTo(ScheduleStatus.DELETED);
  }

  @Test
  void aDatePastAtCreationRunsUnderCatchupSkipAsTheLatestDueOccurrence() {
    fixture.schedules.create(
        ScheduleRequest.builder("release")
            .startMachine("pulse", Map.of())
            .date("2026-04-27T08:00:00Z")
            .catchup(CatchupPolicy.SKIP)
            .build());
    assertThat(fixture.tickAt("2026-04-27T10:00:01Z"))
        .singleElement()
        .satisfies(r -> assertThat(r.outcome()).isEqualTo(TriggerOutcome.STARTED));
  }

  @Test
  void aDateOlderThanTheCatchupWindowIsSkippedUnderCatchupAllAndTheScheduleEnds() {
    fixture.schedules.create(
        ScheduleRequest.builder("release")
            .startMachine("pulse", Map.of())
            .date("2026-04-27T08:00:00Z")
            .catchup(CatchupPolicy.ALL)
            .catchupWindow(Duration.ofHours(1))
            .build());
    TickResult row = fixture.tickAt("2026-04-27T10:00:01Z").get(0);
    assertThat(row.outcome()).isEqualTo(TriggerOutcome.SKIPPED);
    assertThat(row.reason()).isEqualTo("outside_catchup_window");
    assertThat(fixture.instances("pulse")).isEmpty();
    ScheduleDescription after = fixture.schedules.describe("release");
    assertThat(after.nextFireAt()).isNull();
    assertThat(after.record().deleteReason()).isEqualTo("spec_exhausted");
  }

  @Test
  void jitterDelaysTheDateAndNeverFiresItEarly() {
    fixture.random.willDraw(120);
    ScheduleDescription created =
        fixture.schedules.create(
            ScheduleRequest.builder("release")
                .startMachine("pulse", Map.of())
                .date("2026-04-27T17:20:00Z")
                .jitterSeconds(300)
                .build());
    assertThat(created.nextFireAt()).isEqualTo(t("2026-04-27T17:22:00Z"));
    assertThat(fixture.tickAt("2026-04-27T17:21:59Z")).isEmpty();
    // as for cron, the tick records the jittered fire time as the occurrence
    assertThat(fixture.tickAt("2026-04-27T17:22:00Z").get(0).outcome())
        .isEqualTo(TriggerOutcome.STARTED);
  }

  @Test
  void aDatePassedWhilePausedIsNotRunOnResumeAndEndsTheScheduleAsSpecExhausted() {
    create("2026-04-27T17:20:00Z");
    fixture.schedules.pause("release", "freeze");
    fixture.tickAt("2026-04-27T18:00:00Z");
    // the missed date can be backfilled while the schedule is paused
    assertThat(
            fixture.schedules.backfill(
                "release", t("2026-04-27T00:00:00Z"), t("2026-04-28T00:00:00Z")))
        .singleElement()
        .satisfies(r -> assertThat(r.cronTime()).isEqualTo(t("2026-04-27T17:20:00Z")));
    ScheduleDescription resumed = fixture.schedules.resume("release");
    assertThat(resumed.status()).isEqualTo(ScheduleStatus.DELETED);
    assertThat(resumed.record().deleteReason()).isEqualTo("spec_exhausted");
    assertThat(resumed.nextFireAt()).isNull();
    assertThat(resumed.upcomingFireTimes()).isEmpty();
    assertThat(fixture.tickAt("2026-04-28T00:00:00Z")).isEmpty();
  }
}
