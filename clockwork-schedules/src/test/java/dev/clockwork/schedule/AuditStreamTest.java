package dev.clockwork.schedule;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.clockwork.schedule.audit.CommandContext;
import dev.clockwork.schedule.audit.ScheduleAuditEvent;
import dev.clockwork.schedule.audit.ScheduleEventType;
import dev.clockwork.schedule.audit.SchedulePayloadContract;
import dev.clockwork.schedule.error.ScheduleNotFoundException;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The per-schedule audit stream: sequences, payload keys, command context, paging. */
class AuditStreamTest {
  ScheduleFixture fixture = ScheduleFixture.at("2026-03-01T12:00:00Z");

  void create() {
    fixture.schedules.create(
        ScheduleRequest.builder("audited").startMachine("job", Map.of()).cron("0 2 * * *").build());
  }

  @Test
  void createdPausedResumedUpdatedTriggeredSkippedAndDeletedAreSequencesOneToSeven() {
    create();
    fixture.schedules.pause("audited", "maintenance");
    fixture.schedules.resume("audited");
    fixture.schedules.update("audited", ScheduleUpdate.builder().cron("0 3 * * *").build());
    String started = fixture.schedules.trigger("audited");
    fixture.clock.advance(Duration.ofMinutes(1));
    assertThat(fixture.schedules.trigger("audited")).isNull(); // the first run is still active
    fixture.schedules.delete("audited");

    List<ScheduleAuditEvent> events = fixture.schedules.history("audited").events();
    assertThat(events)
        .extracting(ScheduleAuditEvent::sequence)
        .containsExactly(1L, 2L, 3L, 4L, 5L, 6L, 7L);
    assertThat(events)
        .extracting(ScheduleAuditEvent::type)
        .containsExactly(
            ScheduleEventType.ScheduleCreated,
            ScheduleEventType.SchedulePaused,
            ScheduleEventType.ScheduleResumed,
            ScheduleEventType.ScheduleUpdated,
            ScheduleEventType.ScheduleTriggered,
            ScheduleEventType.ScheduleTriggerSkipped,
            ScheduleEventType.ScheduleDeleted);
    for (ScheduleAuditEvent event : events) {
      assertThat(event.payload().keySet())
          .as(event.type().name())
          .containsExactlyInAnyOrderElementsOf(SchedulePayloadContract.auditKeys(event.type()));
    }
    assertThat(events.get(1).payload()).containsEntry("reason", "maintenance");
    assertThat(events.get(3).payload()).containsEntry("changed_fields", List.of("spec"));
    ScheduleAuditEvent triggered = events.get(4);
    assertThat(triggered.instanceId()).isEqualTo(started);
    assertThat(triggered.runId()).isEqualTo(started);
    assertThat(triggered.payload())
        .containsEntry("workflow_instance_id", started)
        .containsEntry("outcome", "started")
        .containsEntry("effective_overlap_policy", "skip")
        .containsEntry("occurrence_time", "2026-03-01T12:00:00Z");
    assertThat(events.get(5).payload())
        .containsEntry("reason", "overlap_policy_skip")
        .containsEntry("last_skipped_at", "2026-03-01T12:01:00Z");
    assertThat(events.get(6).payload()).containsEntry("reason", "delete_requested");
  }

  @Test
  void recordsTheCommandContextAndLeavesOutWhatIsAbsent() {
    Schedules alice =
        fixture.schedules.withContext(new CommandContext("alice", "req-1", "cli", null));
    alice.create(
        ScheduleRequest.builder("audited").startMachine("job", Map.of()).cron("0 2 * * *").build());
    alice.pause("audited", "deploy");
    fixture.schedules.resume("audited");
    fixture
        .schedules
        .withContext(new CommandContext(null, null, null, null))
        .pause("audited", null);

    List<ScheduleAuditEvent> events = fixture.schedules.history("audited").events();
    assertThat(events.get(0).payload())
        .containsEntry(
            "command_context",
            Map.of("principal", "alice", "request_id", "req-1", "source", "cli"));
    assertThat(events.get(1).payload()).containsKey("command_context");
    assertThat(events.get(2).payload()).doesNotContainKey("command_context");
    assertThat(events.get(3).payload()).doesNotContainKey("command_context");
  }

  @Test
  void pagesWithACursor() {
    create();
    for (int i = 0; i < 4; i++) {
      fixture.schedules.pause("audited", "p" + i);
      fixture.schedules.resume("audited");
    }
    ScheduleHistoryPage first = fixture.schedules.history("audited", 3, 0);
    assertThat(first.events()).extracting(ScheduleAuditEvent::sequence).containsExactly(1L, 2L, 3L);
    assertThat(first.hasMore()).isTrue();
    assertThat(first.nextCursor()).isEqualTo(3L);
    ScheduleHistoryPage last = fixture.schedules.history("audited", 100, 6);
    assertThat(last.events()).extracting(ScheduleAuditEvent::sequence).containsExactly(7L, 8L, 9L);
    assertThat(last.hasMore()).isFalse();
    assertThat(last.nextCursor()).isNull();
  }

  @Test
  void clampsTheLimitBetweenOneAndFiveHundred() {
    create();
    for (int i = 0; i < 300; i++) {
      fixture.schedules.pause("audited", null);
      fixture.schedules.resume("audited");
    }
    assertThat(fixture.schedules.history("audited", 0, 0).events()).hasSize(1);
    assertThat(fixture.schedules.history("audited", 10_000, 0).events()).hasSize(500);
    assertThat(fixture.schedules.history("audited").events()).hasSize(100);
    assertThatThrownBy(() -> fixture.schedules.history("audited", 10, -1))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("afterSequence");
  }

  @Test
  void historyIsScopedByNamespace() {
    create();
    fixture
        .schedules
        .in("billing")
        .create(
            ScheduleRequest.builder("audited")
                .startMachine("job", Map.of())
                .cron("0 4 * * *")
                .build());
    fixture.schedules.in("billing").pause("audited", "billing only");
    assertThat(fixture.schedules.history("audited").events()).hasSize(1);
    assertThat(fixture.schedules.in("billing").history("audited").events()).hasSize(2);
    assertThatThrownBy(() -> fixture.schedules.in("other").history("audited"))
        .isInstanceOf(ScheduleNotFoundException.class);
  }

  @Test
  void historySurvivesSoftDelete() {
    create();
    fixture.schedules.delete("audited");
    assertThat(fixture.schedules.history("audited").events())
        .extracting(ScheduleAuditEvent::type)
        .containsExactly(ScheduleEventType.ScheduleCreated, ScheduleEventType.ScheduleDeleted);
  }
}
