package dev.clockwork.schedule.internal;

import dev.clockwork.schedule.audit.CommandContext;
import dev.clockwork.schedule.audit.ScheduleAuditEvent;
import dev.clockwork.schedule.audit.ScheduleEventType;
import dev.clockwork.schedule.audit.SchedulePayloadContract;
import dev.clockwork.schedule.definition.OverlapPolicy;
import dev.clockwork.schedule.outcome.TriggerOutcome;
import dev.clockwork.schedule.store.ScheduleRecord;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Builds the audit events of a schedule, with the payload keys of the contract. */
final class AuditEvents {
  private final ScheduleRecord schedule;
  private final Instant now;
  private final CommandContext context;

  AuditEvents(ScheduleRecord schedule, Instant now, CommandContext context) {
    this.schedule = schedule;
    this.now = now;
    this.context = context;
  }

  ScheduleAuditEvent created() {
    Map<String, Object> payload = new LinkedHashMap<>();
    payload.put("spec", schedule.settings().spec().toMap());
    payload.put("action", schedule.settings().action().toMap());
    payload.put("overlap_policy", schedule.settings().overlapPolicy().wireName());
    payload.put("next_fire_at", text(schedule.nextFireAt()));
    return event(ScheduleEventType.ScheduleCreated, null, payload);
  }

  ScheduleAuditEvent paused(String reason) {
    Map<String, Object> payload = new LinkedHashMap<>();
    payload.put("reason", reason);
    payload.put("paused_at", text(now));
    return event(ScheduleEventType.SchedulePaused, null, payload);
  }

  ScheduleAuditEvent resumed() {
    Map<String, Object> payload = new LinkedHashMap<>();
    payload.put("next_fire_at", text(schedule.nextFireAt()));
    return event(ScheduleEventType.ScheduleResumed, null, payload);
  }

  ScheduleAuditEvent updated(List<String> changedFields) {
    Map<String, Object> payload = new LinkedHashMap<>();
    payload.put("changed_fields", changedFields);
    payload.put("spec", schedule.settings().spec().toMap());
    payload.put("action", schedule.settings().action().toMap());
    payload.put("overlap_policy", schedule.settings().overlapPolicy().wireName());
    payload.put("next_fire_at", text(schedule.nextFireAt()));
    return event(ScheduleEventType.ScheduleUpdated, null, payload);
  }

  /** After the trigger was counted on {@link #schedule}. */
  ScheduleAuditEvent triggered(
      String instanceId, TriggerOutcome outcome, OverlapPolicy effective, Instant occurrence) {
    Map<String, Object> payload = new LinkedHashMap<>();
    payload.put("workflow_instance_id", instanceId);
    payload.put("workflow_run_id", instanceId);
    payload.put("outcome", outcome.wireName());
    payload.put("effective_overlap_policy", effective.wireName());
    payload.put("trigger_number", schedule.firesCount());
    payload.put("occurrence_time", text(occurrence));
    return event(ScheduleEventType.ScheduleTriggered, instanceId, payload);
  }

  /** After the skip was counted on {@link #schedule}. */
  ScheduleAuditEvent skipped(String reason) {
    Map<String, Object> payload = new LinkedHashMap<>();
    payload.put("reason", reason);
    payload.put("skipped_trigger_count", schedule.skippedTriggerCount());
    payload.put("last_skipped_at", text(schedule.lastSkippedAt()));
    return event(ScheduleEventType.ScheduleTriggerSkipped, null, payload);
  }

  ScheduleAuditEvent deleted(String reason) {
    Map<String, Object> payload = new LinkedHashMap<>();
    payload.put("reason", reason);
    payload.put("deleted_at", text(now));
    return event(ScheduleEventType.ScheduleDeleted, null, payload);
  }

  /** The payload of {@code ScheduleTriggered} in a triggered instance's own history. */
  static Map<String, Object> lineage(
      ScheduleRecord schedule, OverlapPolicy effective, long triggerNumber, Instant occurrence) {
    Map<String, Object> payload = new LinkedHashMap<>();
    payload.put("schedule_id", schedule.scheduleId());
    payload.put("schedule_ulid", schedule.ulid());
    payload.put("cron_expression", schedule.settings().spec().primaryCronExpression());
    payload.put("timezone", schedule.settings().spec().timezone().getId());
    payload.put("overlap_policy", effective.wireName());
    payload.put("trigger_number", triggerNumber);
    payload.put("occurrence_time", text(occurrence));
    SchedulePayloadContract.checkLineage(payload);
    return payload;
  }

  private ScheduleAuditEvent event(
      ScheduleEventType type, String instanceId, Map<String, Object> payload) {
    if (context != null && !context.isEmpty()) {
      payload.put(SchedulePayloadContract.COMMAND_CONTEXT, context.toMap());
    }
    return ScheduleAuditEvent.draft(
        schedule.namespace(), schedule.scheduleId(), type, now, instanceId, payload);
  }

  static String text(Instant instant) {
    return instant == null ? null : instant.toString();
  }
}
