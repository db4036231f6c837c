package dev.clockwork.postgres.schedule;

import dev.clockwork.core.ClockworkException;
import dev.clockwork.postgres.internal.json.JsonValuesCodec;
import dev.clockwork.schedule.definition.OverlapPolicy;
import dev.clockwork.schedule.definition.ScheduleAction;
import dev.clockwork.schedule.store.PendingTrigger;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A schedule's pending triggers as the JSON of the {@code pending} column: {@code {triggers:
 * [{trigger_number, instance_id, occurrence, action, lineage, policy, previous, queue, labels,
 * memo, search_attributes}]}}, oldest first; SQL null when none is pending. The occurrence is kept
 * exact, as ISO-8601 text. The run metadata ({@code queue} to {@code search_attributes}) is written
 * for a trigger that starts a run; a trigger stored without it (a send's, or one written before it
 * was kept) reads back with none, and its run takes the schedule's current ones.
 */
final class PendingJson {
  private PendingJson() {}

  static String write(List<PendingTrigger> pending) {
    if (pending.isEmpty()) {
      return null;
    }
    List<Map<String, Object>> triggers = new ArrayList<>();
    for (PendingTrigger trigger : pending) {
      Map<String, Object> map = new LinkedHashMap<>();
      map.put("trigger_number", trigger.triggerNumber());
      map.put("instance_id", trigger.instanceId());
      map.put("occurrence", trigger.occurrence().toString());
      map.put("action", trigger.action().toMap());
      map.put("lineage", trigger.lineage());
      map.put("policy", trigger.policy().wireName());
      map.put("previous", trigger.previous());
      PendingTrigger.RunMetadata run = trigger.run();
      if (run != null) {
        map.put("queue", run.queue());
        map.put("labels", run.labels());
        map.put("memo", run.memo());
        map.put("search_attributes", run.searchAttributes());
      }
      triggers.add(map);
    }
    return JsonValuesCodec.write(Map.of("triggers", triggers));
  }

  @SuppressWarnings("unchecked")
  static List<PendingTrigger> read(String namespace, String scheduleId, String json) {
    if (json == null) {
      return List.of();
    }
    try {
      List<PendingTrigger> pending = new ArrayList<>();
      for (Object element : (List<Object>) JsonValuesCodec.readMap(json).get("triggers")) {
        Map<String, Object> map = (Map<String, Object>) element;
        pending.add(
            new PendingTrigger(
                ((Number) map.get("trigger_number")).longValue(),
                (String) map.get("instance_id"),
                Instant.parse((String) map.get("occurrence")),
                ScheduleAction.fromMap((Map<String, Object>) map.get("action")),
                (Map<String, Object>) map.get("lineage"),
                OverlapPolicy.parse((String) map.get("policy")),
                (String) map.get("previous"),
                run(map)));
      }
      return pending;
    } catch (RuntimeException e) {
      throw new ClockworkException(
          "the pending triggers of schedule '"
              + scheduleId
              + "' in namespace '"
              + namespace
              + "' cannot be read ("
              + e.getMessage()
              + "); fix the pending column of cw_schedules",
          e);
    }
  }

  /** The run metadata kept with a trigger; null for a send, or a trigger stored without it. */
  @SuppressWarnings("unchecked")
  private static PendingTrigger.RunMetadata run(Map<String, Object> map) {
    if (!map.containsKey("labels")) {
      return null;
    }
    Map<String, String> labels = new LinkedHashMap<>();
    Map<String, Object> stored = (Map<String, Object>) map.get("labels");
    if (stored != null) {
      stored.forEach((key, value) -> labels.put(key, String.valueOf(value)));
    }
    return new PendingTrigger.RunMetadata(
        (String) map.get("queue"),
        labels,
        (Map<String, Object>) map.get("memo"),
        (Map<String, Object>) map.get("search_attributes"));
  }
}
