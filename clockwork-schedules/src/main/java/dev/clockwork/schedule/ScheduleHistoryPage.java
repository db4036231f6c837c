package dev.clockwork.schedule;

import dev.clockwork.schedule.audit.ScheduleAuditEvent;
import java.util.List;

/**
 * One page of a schedule's audit stream.
 *
 * @param events the events, oldest first
 * @param nextCursor the {@code afterSequence} of the next page; null when there is none
 * @param hasMore whether events follow this page
 */
public record ScheduleHistoryPage(
    List<ScheduleAuditEvent> events, Long nextCursor, boolean hasMore) {
  public ScheduleHistoryPage {
    events = List.copyOf(events);
  }
}
