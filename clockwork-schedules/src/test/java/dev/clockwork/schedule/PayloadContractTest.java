package dev.clockwork.schedule;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.clockwork.schedule.audit.ScheduleAuditEvent;
import dev.clockwork.schedule.audit.ScheduleEventType;
import dev.clockwork.schedule.audit.SchedulePayloadContract;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Every audit write is checked against the payload contract; a broken payload is never stored. */
class PayloadContractTest {
  static final Instant T0 = Instant.parse("2026-03-01T12:00:00Z");

  static ScheduleAuditEvent draft(ScheduleEventType type, Map<String, Object> payload) {
    return ScheduleAuditEvent.draft("default", "s", type, T0, null, payload);
  }

  @Test
  void pinsTheKeysOfTheSeedsTables() {
    assertThat(SchedulePayloadContract.auditKeys(ScheduleEventType.ScheduleCreated))
        .containsExactly("spec", "action", "overlap_policy", "next_fire_at");
    assertThat(SchedulePayloadContract.auditKeys(ScheduleEventType.SchedulePaused))
        .containsExactly("reason", "paused_at");
    assertThat(SchedulePayloadContract.auditKeys(ScheduleEventType.ScheduleResumed))
        .containsExactly("next_fire_at");
    assertThat(SchedulePayloadContract.auditKeys(ScheduleEventType.ScheduleUpdated))
        .containsExactly("changed_fields", "spec", "action", "overlap_policy", "next_fire_at");
    assertThat(SchedulePayloadContract.auditKeys(ScheduleEventType.ScheduleTriggered))
        .containsExactly(
            "workflow_instance_id",
            "workflow_run_id",
            "outcome",
            "effective_overlap_policy",
            "trigger_number",
            "occurrence_time");
    assertThat(SchedulePayloadContract.auditKeys(ScheduleEventType.ScheduleTriggerSkipped))
        .containsExactly("reason", "skipped_trigger_count", "last_skipped_at");
    assertThat(SchedulePayloadContract.auditKeys(ScheduleEventType.ScheduleDeleted))
        .containsExactly("reason", "deleted_at");
    assertThat(SchedulePayloadContract.LINEAGE_KEYS)
        .containsExactly(
            "schedule_id",
            "schedule_ulid",
            "cron_expression",
            "timezone",
            "overlap_policy",
            "trigger_number",
            "occurrence_time");
  }

  @Test
  void refusesAMissingKey() {
    assertThatThrownBy(() -> draft(ScheduleEventType.ScheduleDeleted, Map.of("reason", "x")))
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("ScheduleDeleted")
        .hasMessageContaining("missing [deleted_at]");
  }

  @Test
  void refusesAnUnexpectedKey() {
    Map<String, Object> payload = new HashMap<>();
    payload.put("next_fire_at", null);
    payload.put("colour", "blue");
    assertThatThrownBy(() -> draft(ScheduleEventType.ScheduleResumed, payload))
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("unexpected [colour]");
  }

  @Test
  void acceptsACommandContextOnlyAsANonEmptyMap() {
    Map<String, Object> payload = new HashMap<>();
    payload.put("next_fire_at", null);
    payload.put("command_context", Map.of("principal", "alice"));
    assertThat(draft(ScheduleEventType.ScheduleResumed, payload).payload())
        .containsKey("command_context");
    payload.put("command_context", Map.of());
    assertThatThrownBy(() -> draft(ScheduleEventType.ScheduleResumed, payload))
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("command_context");
  }

  @Test
  void checksTheLineagePayload() {
    assertThatThrownBy(() -> SchedulePayloadContract.checkLineage(Map.of("schedule_id", "s")))
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("schedule_ulid");
    assertThat(List.of(ScheduleEventType.values())).hasSize(7);
  }
}
