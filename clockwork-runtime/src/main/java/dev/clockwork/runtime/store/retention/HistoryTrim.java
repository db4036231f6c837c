package dev.clockwork.runtime.store.retention;

/**
 * What one batch of history trimming did.
 *
 * @param rowsRemoved history rows removed (markers replaced included)
 * @param trimmed instances whose history was trimmed, each now with one marker
 * @param lastInstanceId the last instance the batch looked at, to pass as the next batch's {@code
 *     afterId}; null when no instance is left after it
 */
public record HistoryTrim(long rowsRemoved, int trimmed, String lastInstanceId) {
  /** Whether the pass over every running instance is complete. */
  public boolean done() {
    return lastInstanceId == null;
  }
}
