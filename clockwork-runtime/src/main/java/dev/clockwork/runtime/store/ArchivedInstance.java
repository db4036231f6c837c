package dev.clockwork.runtime.store;

import java.util.List;
import java.util.Objects;

/**
 * One instance as retention hands it to an {@link Archiver}: its row and the history rows about to
 * be deleted, oldest first — the whole history of a finished instance being purged, or the rows
 * trimmed from a running one ({@link #reason()} says which).
 */
public record ArchivedInstance(InstanceRecord instance, List<HistoryEntry> history, Reason reason) {
  /** Why the rows are archived. */
  public enum Reason {
    /** The instance finished and is purged: its row and its whole history. */
    FINISHED,
    /** The instance runs on; the oldest rows of its history are trimmed (its row as it is now). */
    TRIMMED
  }

  public ArchivedInstance {
    Objects.requireNonNull(instance, "instance");
    Objects.requireNonNull(reason, "reason");
    history = List.copyOf(history);
  }

  /** A finished instance with its whole history. */
  public ArchivedInstance(InstanceRecord instance, List<HistoryEntry> history) {
    this(instance, history, Reason.FINISHED);
  }
}
