package dev.clockwork.schedule.audit;

import dev.clockwork.core.context.JsonValues;
import dev.clockwork.runtime.instance.NamespacedIds;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * One row of a schedule's audit stream. The payload is checked against {@link
 * SchedulePayloadContract} when the row is made, so no store can write one that breaks it.
 *
 * @param namespace the schedule's namespace
 * @param scheduleId the schedule's id
 * @param sequence 1, 2, 3… per schedule, assigned by the store (0 before it is written)
 * @param type what happened
 * @param recordedAt when (engine clock)
 * @param instanceId the instance a {@code ScheduleTriggered} row started or sent to, else null
 * @param payload the contract's keys for {@code type}, JSON values
 */
public record ScheduleAuditEvent(
    String namespace,
    String scheduleId,
    long sequence,
    ScheduleEventType type,
    Instant recordedAt,
    String instanceId,
    Map<String, Object> payload) {
  public ScheduleAuditEvent {
    Objects.requireNonNull(namespace, "namespace");
    Objects.requireNonNull(scheduleId, "scheduleId");
    Objects.requireNonNull(type, "type");
    Objects.requireNonNull(recordedAt, "recordedAt");
    SchedulePayloadContract.checkAudit(type, payload);
    @SuppressWarnings("unchecked")
    Map<String, Object> frozen = (Map<String, Object>) JsonValues.checked(type.name(), payload);
    payload = frozen;
  }

  /** A row not yet written: the store numbers it. */
  public static ScheduleAuditEvent draft(
      String namespace,
      String scheduleId,
      ScheduleEventType type,
      Instant recordedAt,
      String instanceId,
      Map<String, Object> payload) {
    return new ScheduleAuditEvent(namespace, scheduleId, 0, type, recordedAt, instanceId, payload);
  }

  /** The same row with the sequence the store gave it. */
  public ScheduleAuditEvent withSequence(long assigned) {
    return new ScheduleAuditEvent(
        namespace, scheduleId, assigned, type, recordedAt, instanceId, payload);
  }

  /** The run id linked to this row: one instance is one run in Clockwork, so its instance id. */
  public String runId() {
    return instanceId;
  }

  /**
   * This row in the seed's wire names, as the HTTP API and the CLI's JSON show it: {@code sequence,
   * event_type, recorded_at, schedule_id, namespace, workflow_instance_id, workflow_run_id,
   * payload}.
   */
  public Map<String, Object> toWire() {
    Map<String, Object> map = new LinkedHashMap<>();
    map.put("sequence", sequence);
    map.put("event_type", type.name());
    map.put("recorded_at", recordedAt.toString());
    map.put("schedule_id", scheduleId);
    map.put("namespace", namespace);
    map.put("workflow_instance_id", NamespacedIds.idOf(instanceId));
    map.put("workflow_run_id", runId());
    map.put("payload", payload);
    return map;
  }
}
