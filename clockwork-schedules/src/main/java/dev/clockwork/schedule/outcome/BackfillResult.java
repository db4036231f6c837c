package dev.clockwork.schedule.outcome;

import dev.clockwork.runtime.instance.NamespacedIds;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * What a backfill did with one occurrence.
 *
 * @param scheduleId the schedule's id
 * @param instanceId the instance started (or found started by an earlier backfill); null when
 *     skipped
 * @param cronTime the canonical occurrence time
 * @param outcome started, already started, sent or skipped
 * @param reason why it was skipped; null otherwise
 */
public record BackfillResult(
    String scheduleId, String instanceId, Instant cronTime, TriggerOutcome outcome, String reason) {

  /** The run's id as callers of its namespace know it (the engine keys it with the namespace). */
  public BackfillResult {
    instanceId = NamespacedIds.idOf(instanceId);
  }

  /** {@code {schedule_id, instance_id, cron_time, outcome}} (instance_id null when skipped). */
  public Map<String, Object> toMap() {
    Map<String, Object> map = new LinkedHashMap<>();
    map.put("schedule_id", scheduleId);
    map.put("instance_id", instanceId);
    map.put("cron_time", cronTime.toString());
    map.put("outcome", outcome.wireName());
    if (reason != null) {
      map.put("reason", reason);
    }
    return map;
  }
}
