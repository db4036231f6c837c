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
 * on 2026-11-28").
 */
public final class TrimMarker {
  /** The payload key of how many rows were removed, earlier markers' counts included. */
  public static final String REMOVED = "removed";

  /** The payload key of the highest sequence removed (the marker's own). */
  public static final String THROUGH = "through";

  private static final DateTimeFormatter DAY =
      DateTimeFormatter.ofPattern("yyyy-MM-dd", Locale.ROOT).withZone(ZoneOffset.UTC);

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
        words(removed, at));
  }

  /** How many rows a marker says were removed (0 for any other row). */
  public static long removed(HistoryEntry entry) {
    if (entry.kind() != HistoryEntry.Kind.TRIMMED) {
      return 0;
    }
    return entry.payload().get(REMOVED) instanceof Number n ? n.longValue() : 0;
  }

  /** "1,204 older rows removed on 2026-11-28". */
  public static String words(long removed, Instant at) {
    return String.format(
        Locale.ROOT,
        "%,d older %s removed on %s",
        removed,
        removed == 1 ? "row" : "rows",
        DAY.format(at));
  }
}
