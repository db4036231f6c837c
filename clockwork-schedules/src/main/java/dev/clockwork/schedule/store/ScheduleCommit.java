package dev.clockwork.schedule.store;

import dev.clockwork.schedule.audit.ScheduleAuditEvent;
import java.time.Instant;
import java.util.List;

/**
 * One atomic write to a schedule: the new row, the audit events to append (the store numbers them),
 * the skipped occurrences to record, and the buffer's changes. A store writes it all or nothing,
 * and only when the stored revision is still {@code next.revision() - 1}.
 *
 * @param next the schedule after the change; its revision one above the stored one
 * @param audit audit events in order, sequence 0 (the store assigns the next sequences)
 * @param skipped skipped occurrences in order, sequence 0
 * @param buffer occurrences to append to the buffer
 * @param unbuffer occurrences to take out of the buffer
 * @param release true to give up the claim on the row with this write
 */
public record ScheduleCommit(
    ScheduleRecord next,
    List<ScheduleAuditEvent> audit,
    List<SkippedOccurrence> skipped,
    List<BufferedTrigger> buffer,
    List<Instant> unbuffer,
    boolean release) {
  public ScheduleCommit {
    audit = List.copyOf(audit);
    skipped = List.copyOf(skipped);
    buffer = List.copyOf(buffer);
    unbuffer = List.copyOf(unbuffer);
  }

  /** The revision the stored row must have for the write to happen. */
  public long expectedRevision() {
    return next.revision() - 1;
  }
}
