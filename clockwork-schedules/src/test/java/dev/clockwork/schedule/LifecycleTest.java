package dev.clockwork.schedule;

import static dev.clockwork.schedule.ScheduleFixture.t;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.clockwork.schedule.definition.OverlapPolicy;
import dev.clockwork.schedule.error.ScheduleDeletedException;
import dev.clockwork.schedule.error.ScheduleNotFoundException;
import dev.clockwork.schedule.store.ScheduleStatus;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Pause, resume, update and soft delete. */
class LifecycleTest {
  ScheduleFixture fixture;

  @BeforeEach
  void create() {
    fixture = ScheduleFixture.at("2026-03-01T12:00:00Z");
    fixture.schedules.create(
        ScheduleRequest.builder("report")
            .startMachine("pulse", Map.of())
            .cron("0 2 * * *")
            .timezone("America/New_York")
            .notes("Runs every night at 2 AM ET.")
            .build());
  }

  @Test
  void aPausedScheduleDoesNotFire() {
    ScheduleDescription paused = fixture.schedules.pause("report", "maintenance");
    assertThat(paused.status()).isEqualTo(ScheduleStatus.PAUSED);
    assertThat(paused.record().pausedReason()).isEqualTo("maintenance");
    assertThat(paused.record().pausedAt()).isEqualTo(t("2026-03-01T12:00:00Z"));
    assertThat(paused.nextFireAt()).isNull();
    assertThat(paused.upcomingFireTimes()).isEmpty();
    assertThat(fixture.tickAt("2026-03-05T12:00:00Z")).isEmpty();
    assertThat(fixture.instances("pulse")).isEmpty();
  }

  @Test
  void resumeRecomputesTheNextFireFromNow() {
    fixture.schedules.pause("report", "maintenance");
    fixture.clock.moveTo(t("2026-03-05T12:00:00Z"));
    ScheduleDescription resumed = fixture.schedules.resume("report");
    assertThat(resumed.status()).isEqualTo(ScheduleStatus.ACTIVE);
    assertThat(resumed.nextFireAt()).isEqualTo(t("2026-03-06T07:00:00Z"));
    assertThat(resumed.record().pausedReason()).isNull();
    assertThat(fixture.tickAt("2026-03-06T07:00:00Z")).hasSize(1);
    assertThat(fixture.schedules.skipped("report")).isEmpty(); // paused time is not "missed"
  }

  @Test
  void pausingAPausedOrResumingAnActiveScheduleChangesNothing() {
    fixture.schedules.pause("report", "first");
    fixture.schedules.pause("report", "second");
    assertThat(fixture.schedules.describe("report").record().pausedReason()).isEqualTo("first");
    fixture.schedules.resume("report");
    fixture.schedules.resume("report");
    assertThat(fixture.schedules.history("report").events()).hasSize(3);
  }

  @Test
  void updateChangesCronAndTimezoneAndRecomputes() {
    ScheduleDescription updated =
        fixture.schedules.update(
            "report",
            ScheduleUpdate.builder()
                .cron("30 3 * * *")
                .timezone("America/Chicago")
                .overlapPolicy(OverlapPolicy.ALLOW_ALL)
                .notes("Moved to 3:30 AM CT.")
                .build());
    assertThat(updated.spec())
        .isEqualTo(
            Map.of("cron_expressions", List.of("30 3 * * *"), "timezone", "America/Chicago"));
    assertThat(updated.overlapPolicy()).isEqualTo(OverlapPolicy.ALLOW_ALL);
    assertThat(updated.note()).isEqualTo("Moved to 3:30 AM CT.");
    assertThat(updated.nextFireAt()).isEqualTo(t("2026-03-02T09:30:00Z"));
    assertThat(fixture.schedules.history("report").events().get(1).payload().get("changed_fields"))
        .isEqualTo(List.of("spec", "overlap_policy", "notes"));
  }

  @Test
  void anUpdateThatMovesNoFireTimeKeepsTheNextFire() {
    fixture.clock.moveTo(t("2026-03-02T08:00:00Z")); // past due, not yet ticked
    ScheduleDescription updated =
        fixture.schedules.update("report", ScheduleUpdate.builder().notes("new notes").build());
    assertThat(updated.nextFireAt()).isEqualTo(t("2026-03-02T07:00:00Z"));
  }

  @Test
  void anUpdateThatChangesNothingRecordsNothing() {
    fixture.schedules.update(
        "report", ScheduleUpdate.builder().notes("Runs every night at 2 AM ET.").build());
    assertThat(fixture.schedules.history("report").events()).hasSize(1);
  }

  @Test
  void aPausedScheduleIsUpdatedWithoutBeingRescheduled() {
    fixture.schedules.pause("report", null);
    ScheduleDescription updated =
        fixture.schedules.update("report", ScheduleUpdate.builder().cron("0 4 * * *").build());
    assertThat(updated.status()).isEqualTo(ScheduleStatus.PAUSED);
    assertThat(updated.nextFireAt()).isNull();
    assertThat(fixture.schedules.resume("report").nextFireAt())
        .isEqualTo(t("2026-03-02T09:00:00Z"));
  }

  @Test
  void deleteIsSoft() {
    ScheduleDescription deleted = fixture.schedules.delete("report");
    assertThat(deleted.status()).isEqualTo(ScheduleStatus.DELETED);
    assertThat(deleted.record().deletedAt()).isEqualTo(t("2026-03-01T12:00:00Z"));
    assertThat(deleted.record().deleteReason()).isEqualTo("delete_requested");
    assertThat(fixture.schedules.find("report")).isPresent();
    assertThat(fixture.schedules.list()).isEmpty();
    assertThat(fixture.schedules.list(true))
        .extracting(ScheduleDescription::scheduleId)
        .containsExactly("report");
    assertThat(fixture.tickAt("2026-03-02T07:00:00Z")).isEmpty();
  }

  @Test
  void aDeletedScheduleRefusesEveryCommand() {
    fixture.schedules.delete("report", "retired");
    assertThatThrownBy(() -> fixture.schedules.pause("report", "x"))
        .isInstanceOf(ScheduleDeletedException.class)
        .hasMessageContaining("cannot be paused")
        .hasMessageContaining("retired");
    assertThatThrownBy(() -> fixture.schedules.resume("report"))
        .isInstanceOf(ScheduleDeletedException.class)
        .hasMessageContaining("cannot be resumed");
    assertThatThrownBy(
            () -> fixture.schedules.update("report", ScheduleUpdate.builder().notes("x").build()))
        .isInstanceOf(ScheduleDeletedException.class)
        .hasMessageContaining("cannot be updated");
    assertThatThrownBy(() -> fixture.schedules.trigger("report"))
        .isInstanceOf(ScheduleDeletedException.class)
        .hasMessageContaining("cannot be triggered");
    assertThatThrownBy(
            () ->
                fixture.schedules.backfill(
                    "report", t("2026-01-01T00:00:00Z"), t("2026-01-02T00:00:00Z")))
        .isInstanceOf(ScheduleDeletedException.class);
    assertThatThrownBy(() -> fixture.schedules.delete("report"))
        .isInstanceOf(ScheduleDeletedException.class)
        .hasMessageContaining("cannot be deleted");
  }

  @Test
  void anUnknownScheduleIsNamedInTheError() {
    assertThatThrownBy(() -> fixture.schedules.pause("nope", null))
        .isInstanceOf(ScheduleNotFoundException.class)
        .hasMessageContaining("'nope'")
        .hasMessageContaining("'default'");
    assertThat(fixture.schedules.find("nope")).isEmpty();
  }

  @Test
  void describeListsEveryFieldOfTheSeed() {
    fixture.tickAt("2026-03-02T07:00:00Z");
    Map<String, Object> map = fixture.schedules.describe("report").toMap();
    assertThat(map)
        .containsKeys(
            "schedule_id",
            "namespace",
            "status",
            "spec",
            "overlap_policy",
            "fires_count",
            "next_fire_at",
            "last_fired_at",
            "latest_instance_id",
            "jitter_seconds",
            "notes",
            "last_skip_reason",
            "last_skipped_at",
            "skipped_trigger_count",
            "remaining_actions",
            "upcoming_fire_times");
    assertThat(map)
        .containsEntry("fires_count", 1L)
        .containsEntry("last_fired_at", "2026-03-02T07:00:00Z")
        .containsEntry("latest_instance_id", "schedule:report:2026-03-02T07:00:00Z");
  }
}
