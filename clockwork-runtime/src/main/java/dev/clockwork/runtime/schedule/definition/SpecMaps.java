package dev.clockwork.runtime.schedule.definition;

import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Reads specs and actions written as maps (the shape of JSON, YAML and the seed's arrays), refusing
 * unknown keys and wrong types with messages that name the key.
 */
final class SpecMaps {
  private static final Set<String> SPEC_KEYS =
      Set.of("cron_expressions", "intervals", "timezone", "dst_gap", "dst_overlap");
  private static final Set<String> INTERVAL_KEYS = Set.of("every", "offset");

  private SpecMaps() {}

  /**
   * {@code {cron_expressions: ["0 12 * * *"], intervals: [{every: PT6H, offset: PT5M}], timezone:
   * America/Chicago, dst_gap: skip, dst_overlap: both}}.
   */
  static ScheduleSpec spec(Map<String, ?> map) {
    checkKeys("spec", map, SPEC_KEYS);
    ScheduleSpec.Builder builder = ScheduleSpec.builder();
    for (Object cron : list(map, "cron_expressions")) {
      builder.cron(text("spec.cron_expressions[]", cron));
    }
    for (Object interval : list(map, "intervals")) {
      if (!(interval instanceof Map<?, ?>)) {
        throw new InvalidScheduleException(
            "spec.intervals: each interval is a map such as {every: PT1H, offset: PT5M}; found "
                + interval);
      }
      Map<String, ?> fields = stringKeys("spec.intervals[]", (Map<?, ?>) interval);
      checkKeys("spec.intervals[]", fields, INTERVAL_KEYS);
      Object offset = fields.get("offset");
      builder.interval(
          IntervalSpec.of(
              text("spec.intervals[].every", fields.get("every")),
              offset == null ? null : text("spec.intervals[].offset", offset)));
    }
    if (map.get("timezone") != null) {
      builder.timezone(text("spec.timezone", map.get("timezone")));
    }
    if (map.get("dst_gap") != null) {
      builder.dstGap(text("spec.dst_gap", map.get("dst_gap")));
    }
    if (map.get("dst_overlap") != null) {
      builder.dstOverlap(text("spec.dst_overlap", map.get("dst_overlap")));
    }
    return builder.build();
  }

  static void checkKeys(String where, Map<String, ?> map, Set<String> accepted) {
    for (String key : map.keySet()) {
      if (!accepted.contains(key)) {
        throw new InvalidScheduleException(
            where
                + ": unknown key '"
                + key
                + "'; accepted keys are "
                + accepted.stream().sorted().toList());
      }
    }
  }

  static List<?> list(Map<String, ?> map, String key) {
    Object value = map.get(key);
    if (value == null) {
      return List.of();
    }
    if (value instanceof String) {
      return List.of(value);
    }
    if (!(value instanceof List<?>)) {
      throw new InvalidScheduleException("spec." + key + " must be a list; found " + value);
    }
    return (List<?>) value;
  }

  static String text(String where, Object value) {
    if (!(value instanceof String) || ((String) value).isBlank()) {
      throw new InvalidScheduleException(where + " must be a non-empty text; found " + value);
    }
    return (String) value;
  }

  static Map<String, ?> stringKeys(String where, Map<?, ?> map) {
    for (Object key : map.keySet()) {
      if (!(key instanceof String)) {
        throw new InvalidScheduleException(where + ": keys must be texts; found " + key);
      }
    }
    @SuppressWarnings("unchecked")
    Map<String, ?> checked = (Map<String, ?>) map;
    return checked;
  }
}
