package dev.clockwork.postgres.schedule;

import dev.clockwork.core.ClockworkException;
import dev.clockwork.postgres.internal.json.JsonValuesCodec;
import dev.clockwork.schedule.definition.CatchupPolicy;
import dev.clockwork.schedule.definition.OverlapPolicy;
import dev.clockwork.schedule.definition.ScheduleAction;
import dev.clockwork.schedule.definition.ScheduleSettings;
import dev.clockwork.schedule.definition.ScheduleSpec;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A schedule's settings as the JSON of the {@code settings} column: {@code {spec, action,
 * overlap_policy, catchup, catchup_window, max_buffer, jitter_seconds, max_runs, labels, memo,
 * search_attributes, queue, notes}}, the wire names the rest of the schedules API uses. Reading
 * checks the settings again, as building them does, except for the run settings (labels, memo,
 * search attributes, queue): those are kept as stored ({@link
 * ScheduleSettings.Builder#buildStored}), so a schedule written before their checks became stricter
 * stays readable; creating or updating a schedule checks them.
 */
final class SettingsJson {
  private SettingsJson() {}

  static String write(ScheduleSettings settings) {
    Map<String, Object> map = new LinkedHashMap<>();
    map.put("spec", settings.spec().toMap());
    map.put("action", settings.action().toMap());
    map.put("overlap_policy", settings.overlapPolicy().wireName());
    map.put("catchup", settings.catchup().wireName());
    map.put("catchup_window", settings.catchupWindow().toString());
    map.put("max_buffer", settings.maxBuffer());
    map.put("jitter_seconds", settings.jitterSeconds());
    map.put("max_runs", settings.maxRuns());
    map.put("labels", settings.labels());
    map.put("memo", settings.memo());
    map.put("search_attributes", settings.searchAttributes());
    map.put("queue", settings.queue());
    map.put("notes", settings.notes());
    return JsonValuesCodec.write(map);
  }

  static ScheduleSettings read(String namespace, String scheduleId, String json) {
    Map<String, Object> map = JsonValuesCodec.readMap(json);
    try {
      Number maxRuns = (Number) map.get("max_runs");
      return ScheduleSettings.builder()
          .spec(ScheduleSpec.fromMap(object(map, "spec")))
          .action(ScheduleAction.fromMap(object(map, "action")))
          .overlapPolicy(OverlapPolicy.parse((String) map.get("overlap_policy")))
          .catchup(CatchupPolicy.parse((String) map.get("catchup")))
          .catchupWindow(Duration.parse((String) map.get("catchup_window")))
          .maxBuffer(((Number) map.get("max_buffer")).intValue())
          .jitterSeconds(((Number) map.get("jitter_seconds")).longValue())
          .maxRuns(maxRuns == null ? null : maxRuns.intValue())
          .labels(labels(object(map, "labels")))
          .memo(object(map, "memo"))
          .searchAttributes(object(map, "search_attributes"))
          .queue((String) map.get("queue"))
          .notes((String) map.get("notes"))
          .buildStored();
    } catch (RuntimeException e) {
      throw new ClockworkException(
          "the stored settings of schedule '"
              + scheduleId
              + "' in namespace '"
              + namespace
              + "' cannot be read ("
              + e.getMessage()
              + "); fix the settings column of its cw_schedules row (namespace, schedule_id) or"
              + " delete that row",
          e);
    }
  }

  @SuppressWarnings("unchecked")
  private static Map<String, Object> object(Map<String, Object> map, String key) {
    Object value = map.get(key);
    return value == null ? Map.of() : (Map<String, Object>) value;
  }

  private static Map<String, String> labels(Map<String, Object> stored) {
    Map<String, String> labels = new LinkedHashMap<>();
    stored.forEach((key, value) -> labels.put(key, String.valueOf(value)));
    return labels;
  }
}
