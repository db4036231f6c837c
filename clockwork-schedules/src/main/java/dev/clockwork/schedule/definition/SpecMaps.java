package dev.clockwork.schedule.definition;

import dev.clockwork.core.time.DstPolicy;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Reads and writes specs as maps (the shape of JSON, YAML and the seed's arrays); reading refuses
 * unknown keys and wrong types with messages that name the key.
 */
final class SpecMaps {
  private static final Set<String> SPEC_KEYS =
      Set.of(
          "cron_expressions",
          "intervals",
          "dates",
          "cycles",
          "cycle_anchor",
          "timezone",
          "dst_gap",
          "dst_overlap");
  private static final Set<String> INTERVAL_KEYS = Set.of("every", "offset");

  private SpecMaps() {}

  /**
   * {@code {cron_expressions: ["0 12 * * *"], intervals: [{every: PT6H, offset: PT5M}], dates:
   * ["2026-04-27T17:20:00Z"], cycles: ["R3/2026-04-27T17:20:00Z/P1D", "R5/PT10S"], cycle_anchor:
   * 2026-04-01T00:00:00Z, timezone: America/Chicago, dst_gap: skip, dst_overlap: both}}; a single
   * text stands for a list of one.
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
    for (Object date : list(map, "dates")) {
      builder.date(text("spec.dates[]", date));
    }
    for (Object cycle : list(map, "cycles")) {
      builder.cycle(text("spec.cycles[]", cycle));
    }
    if (map.get("cycle_anchor") != null) {
      builder.cycleAnchor(instant("spec.cycle_anchor", map.get("cycle_anchor")));
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

  /** The inverse of {@link #spec}: empty lists, no anchor and default DST parts left out. */
  static Map<String, Object> write(ScheduleSpec spec) {
    Map<String, Object> map = new LinkedHashMap<>();
    if (!spec.cronExpressions().isEmpty()) {
      map.put("cron_expressions", spec.cronExpressions());
    }
    if (!spec.intervals().isEmpty()) {
      map.put("intervals", spec.intervals().stream().map(IntervalSpec::toMap).toList());
    }
    if (!spec.dates().isEmpty()) {
      map.put("dates", spec.dates());
    }
    if (!spec.cycles().isEmpty()) {
      map.put("cycles", spec.cycles());
    }
    spec.cycleAnchor().ifPresent(anchor -> map.put("cycle_anchor", anchor.toString()));
    map.put("timezone", spec.timezone().getId());
    DstPolicy dst = spec.dstPolicy();
    if (dst.gap() != DstPolicy.DEFAULT.gap()) {
      map.put("dst_gap", WireNames.of(dst.gap()));
    }
    if (dst.overlap() != DstPolicy.DEFAULT.overlap()) {
      map.put("dst_overlap", WireNames.of(dst.overlap()));
    }
    return map;
  }

  private static Instant instant(String where, Object value) {
    try {
      return Instant.parse(text(where, value).trim());
    } catch (DateTimeParseException e) {
      throw new InvalidScheduleException(
          where + " '" + value + "' is not an instant; write e.g. 2026-04-27T17:20:00Z", e);
    }
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
