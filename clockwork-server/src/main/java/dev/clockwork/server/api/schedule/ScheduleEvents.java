package dev.clockwork.server.api.schedule;

import dev.clockwork.runtime.schedule.audit.ScheduleAuditEvent;
import java.util.LinkedHashMap;
import java.util.Map;

/** A schedule's audit event as the API (and the CLI's JSON) shows it, in the seed's names. */
final class ScheduleEvents {
  private ScheduleEvents() {}

  static Map<String, Object> toMap(ScheduleAuditEvent event) {
    Map<String, Object> map = new LinkedHashMap<>();
    map.put("sequence", event.sequence());
    map.put("event_type", event.type().name());
    map.put("recorded_at", event.recordedAt().toString());
    map.put("schedule_id", event.scheduleId());
    map.put("namespace", event.namespace());
    map.put("workflow_instance_id", event.instanceId());
    map.put("workflow_run_id", event.runId());
    map.put("payload", event.payload());
    return map;
  }
}
