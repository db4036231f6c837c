package dev.clockwork.runtime.store;

import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The {@link HistoryEntry.Kind#TRIMMED} row retention leaves where it removed a running instance's
 * older history rows: how stores write it and how history pages word it ("1,204 older rows removed
 * on 2026-11-28 10:14 (through #1,210)").
 */
public final class TrimMarker {
  /** The payload key of how many rows were removed, earlier markers' counts included. */
  public static final String REMOVED = "removed";

  /** The payload key of the highest sequence removed (the marker's own). */
  public static final String THROUGH = "through";

  private static final DateTimeFormatter MINUTE =
      DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm", Locale.ROOT).withZone(ZoneOffset.UTC);

  private TrimMarker() {}

  /**
   * The marker for {@code removed} rows up to sequence {@code through}, removed at {@code at}; it
   * keeps the {@code states} of the row it replaces, where the next row came from.
   */
  public static HistoryEntry of(
      String instanceId,
      String conversationId,
      long through,
      long removed,
      Instant at,
      List<String> states) {
    return new HistoryEntry(
        through,
        instanceId,
        conversationId,
        at,
        HistoryEntry.Kind.TRIMMED,
        null,
        Map.of(REMOVED, removed, THROUGH, through),
        states,
        words(removed, through, at));
  }

  /** How many rows a marker says were removed (0 for any other row). */
  public static long removed(HistoryEntry entry) {
    if (entry.kind() != HistoryEntry.Kind.TRIMMED) {
      return 0;
    }
    return entry.payload().get(REMOVED) instanceof Number n ? n.longValue() : 0;
  }

  /** The highest sequence a marker says was removed (0 for any other row). */
  public static long through(HistoryEntry entry) {
    if (entry.kind() != HistoryEntry.Kind.TRIMMED) {
      return 0;
    }
    return entry.payload().get(THROUGH) instanceof Number n ? n.longValue() : entry.sequence();
  }

  /**
   * How a marker reads, from its payload and date (so markers written by older versions read the
   * same): "1,204 older rows removed on 2026-11-28 10:14 (through #1,210)"; null for any other row.
   */
  public static String words(HistoryEntry entry) {
    if (entry.kind() != HistoryEntry.Kind.TRIMMED) {
      return null;
    }
    return words(removed(entry), through(entry), entry.at());
  }

  /** "1,204 older rows removed on 2026-11-28 10:14 (through #1,210)", the time in UTC. */
  public static String words(long removed, long through, Instant at) {
    return String.format(
        Locale.ROOT,
        "%,d older %s removed on %s (through #%,d)",
        removed,
        removed == 1 ? "row" : "rows",
        MINUTE.format(at),
        through);
  }
}
