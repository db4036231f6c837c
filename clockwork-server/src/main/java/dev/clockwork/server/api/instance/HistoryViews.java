package dev.clockwork.server.api.instance;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.clockwork.runtime.store.HistoryEntry;
import dev.clockwork.runtime.store.StoredEntry;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** How the API writes history rows: what happened, from which states to which, and the details. */
final class HistoryViews {
  private HistoryViews() {}

  /**
   * One history row.
   *
   * @param type what happened ({@code event}, {@code internal}, {@code timer_fired}, ...)
   * @param event the event type involved, if any
   * @param from the active states before the row (absent for the first row)
   * @param to the active states after it
   * @param entered the states its macrostep entered, in entry order
   * @param detail the payload, message, queued event id and attempt, when the row has them
   */
  @JsonInclude(JsonInclude.Include.NON_NULL)
  record HistoryRow(
      long sequence,
      Instant at,
      String type,
      String event,
      List<String> from,
      List<String> to,
      List<String> entered,
      Map<String, Object> detail) {}

  /**
   * The rows of {@code page}; {@code before} is the row just before the page (null on the first
   * page), whose states are where the page's first row came from.
   */
  static List<HistoryRow> rows(HistoryEntry before, List<HistoryEntry> page) {
    List<HistoryRow> rows = new ArrayList<>(page.size());
    List<String> from = before == null ? null : before.states();
    for (HistoryEntry entry : page) {
      rows.add(
          new HistoryRow(
              entry.sequence(),
              entry.at(),
              entry.kind().name().toLowerCase(Locale.ROOT),
              entry.event(),
              from,
              entry.states(),
              entry.entered().stream().map(StoredEntry::path).toList(),
              detail(entry)));
      from = entry.states();
    }
    return rows;
  }

  private static Map<String, Object> detail(HistoryEntry entry) {
    Map<String, Object> detail = new LinkedHashMap<>();
    if (!entry.payload().isEmpty()) {
      detail.put("payload", entry.payload());
    }
    if (entry.detail() != null && !entry.detail().isBlank()) {
      detail.put("message", entry.detail());
    }
    if (entry.eventId() > 0) {
      detail.put("event_id", entry.eventId());
    }
    if (entry.attempt() > 0) {
      detail.put("attempt", entry.attempt());
    }
    return detail;
  }
}
