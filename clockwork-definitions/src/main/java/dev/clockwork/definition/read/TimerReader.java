package dev.clockwork.definition.read;

import dev.clockwork.core.definition.TransitionBuilder;
import dev.clockwork.core.time.DstPolicy;
import dev.clockwork.core.time.Durations;
import dev.clockwork.core.time.OverduePolicy;
import dev.clockwork.core.time.Timer;
import dev.clockwork.definition.tree.SourceNode;
import dev.clockwork.definition.tree.SourceNode.MapNode;
import dev.clockwork.definition.tree.TreeProblem;
import java.time.Duration;
import java.time.ZoneId;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Reads a transition's timer keys: {@code after} and {@code every} (a duration in words, {@code 7
 * days}, or ISO 8601, {@code P7D}), {@code at}, {@code cycle}, {@code cron}, {@code timer} (a named
 * timer value), {@code timerFromContext}, and {@code max}, {@code then}, {@code zone}, {@code dst}.
 * Durations are parsed by the core ({@link Durations}); an ISO text keeps its calendar meaning.
 */
final class TimerReader {
  private TimerReader() {}

  private static final List<String> TIMERS =
      List.of("after", "every", "at", "cycle", "cron", "timer", "timerFromContext");
  private static final List<String> TIMER_SETTINGS =
      List.of("max", "then", "zone", "dst", "overdue", "overdueAfter");

  static void read(MapNode map, TransitionBuilder t, String path) {
    if (TIMERS.stream().noneMatch(map.entries()::containsKey)) {
      for (String setting : TIMER_SETTINGS) {
        SourceNode.Entry entry = map.entries().get(setting);
        if (entry != null) {
          throw new TreeProblem(
              entry.keyLocation(),
              path,
              "'"
                  + setting
                  + "' sets up a timer, and this transition has none; add one of "
                  + String.join(", ", TIMERS)
                  + " or drop '"
                  + setting
                  + "'");
        }
      }
    }
    for (SourceNode.Entry entry : map.entries().values()) {
      SourceNode value = entry.value();
      switch (entry.key()) {
        case "after" -> Guarded.run(value, path, () -> after(t, text(value, path, "7 days")));
        case "every" -> Guarded.run(value, path, () -> every(t, text(value, path, "6 hours")));
        case "at" -> t.at(text(value, path, "2026-05-01T08:00:00Z"));
        case "cycle" -> t.cycle(text(value, path, "R3/PT10S"));
        case "cron" -> t.cron(text(value, path, "0 9 * * MON-FRI"));
        case "timer" -> t.timer(text(value, path, "reminderDelay"));
        case "timerFromContext" -> t.timerFromContext(text(value, path, "remind_after"));
        case "max" -> t.max(Fields.whole(value, path, "max: 3"));
        case "then" -> t.then(text(value, path, "MAX_RETRIES"));
        case "zone" -> t.zone(zone(value, path));
        case "dst" -> t.dst(dst(value, path));
        case "overdue" -> t.overdue(overdue(value, path));
        case "overdueAfter" -> t.overdueAfter(grace(value, path));
        default -> {
          // not a timer key: read by TransitionReader
        }
      }
    }
  }

  private static void after(TransitionBuilder t, String text) {
    if (isIso(text)) {
      t.after(text);
    } else {
      t.after(Timer.of(Durations.parse(text)));
    }
  }

  private static void every(TransitionBuilder t, String text) {
    if (isIso(text)) {
      t.every(text);
    } else {
      t.every(Timer.of(Durations.parse(text)));
    }
  }

  /** An overdue policy: {@code fire}, {@code skip_missed} or {@code fire_once}. */
  static OverduePolicy overdue(SourceNode node, String path) {
    String text = text(node, path, "skip_missed");
    return Guarded.at(node, path, () -> OverduePolicy.of(text));
  }

  /** An overdue grace: seed words ({@code 15 minutes}) or ISO 8601 ({@code PT15M}). */
  static Duration grace(SourceNode node, String path) {
    String text = text(node, path, "15 minutes");
    return Guarded.at(node, path, () -> isIso(text) ? Duration.parse(text) : Durations.parse(text));
  }

  private static boolean isIso(String text) {
    String trimmed = text.trim();
    return !trimmed.isEmpty() && (trimmed.charAt(0) == 'P' || trimmed.charAt(0) == 'p');
  }

  static ZoneId zone(SourceNode node, String path) {
    String id = text(node, path, "Europe/Berlin");
    return Guarded.at(node, path, () -> ZoneId.of(id));
  }

  private static DstPolicy dst(SourceNode node, String path) {
    MapNode map = Fields.map(node, path, "dst: {gap: skip, overlap: both}");
    Fields.checkKeys(map, path, FormatKeys.DST, Map.of());
    DstPolicy.Gap gap = DstPolicy.DEFAULT.gap();
    DstPolicy.Overlap overlap = DstPolicy.DEFAULT.overlap();
    if (map.entries().containsKey("gap")) {
      gap = constant(map.entries().get("gap").value(), path, DstPolicy.Gap.class);
    }
    if (map.entries().containsKey("overlap")) {
      overlap = constant(map.entries().get("overlap").value(), path, DstPolicy.Overlap.class);
    }
    return DstPolicy.of(gap, overlap);
  }

  private static <E extends Enum<E>> E constant(SourceNode node, String path, Class<E> type) {
    String text = text(node, path, type.getEnumConstants()[0].name().toLowerCase(Locale.ROOT));
    for (E constant : type.getEnumConstants()) {
      if (constant.name().equalsIgnoreCase(text.trim().replace('-', '_'))) {
        return constant;
      }
    }
    StringBuilder names = new StringBuilder();
    for (E constant : type.getEnumConstants()) {
      names.append(names.isEmpty() ? "" : ", ").append(constant.name().toLowerCase(Locale.ROOT));
    }
    throw Fields.wrong(node, path, "one of " + names, names.toString().split(",")[0]);
  }

  private static String text(SourceNode node, String path, String example) {
    return Fields.text(node, path, example);
  }
}
