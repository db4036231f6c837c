package dev.clockwork.schedule.outcome;

import dev.clockwork.runtime.instance.NamespacedIds;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * One row of a tick: what became of one occurrence of one schedule.
 *
 * @param namespace the schedule's namespace
 * @param scheduleId the schedule's id
 * @param instanceId the instance started (or sent to); null when none
 * @param outcome what happened
 * @param occurrenceTime the fire time the tick evaluated (for a drained trigger, the original one)
 * @param lastFiredAt when the schedule last started a run, after this row
 * @param nextFireAt the schedule's next fire time, after this row
 * @param reason why it was skipped or failed; null otherwise
 */
public record TickResult(
    String namespace,
    String scheduleId,
    String instanceId,
    TriggerOutcome outcome,
    Instant occurrenceTime,
    Instant lastFiredAt,
    Instant nextFireAt,
    String reason) {

  /** The run's id as callers of its namespace know it (the engine keys it with the namespace). */
  public TickResult {
    instanceId = NamespacedIds.idOf(instanceId);
  }

  /**
   * {@code schedule_id, instance_id, outcome, occurrence_time, last_fired_at, next_fire_at, …},
   * nulls left out.
   */
  public Map<String, Object> toMap() {
    Map<String, Object> map = new LinkedHashMap<>();
    map.put("namespace", namespace);
    map.put("schedule_id", scheduleId);
    putIf(map, "instance_id", instanceId);
    map.put("outcome", outcome.wireName());
    putIf(map, "occurrence_time", occurrenceTime);
    putIf(map, "last_fired_at", lastFiredAt);
    putIf(map, "next_fire_at", nextFireAt);
    putIf(map, "reason", reason);
    return map;
  }

  private static void putIf(Map<String, Object> map, String key, Object value) {
    if (value != null) {
      map.put(key, value.toString());
    }
  }
}
