package dev.clockwork.schedule.definition;

/**
 * What a schedule does when an occurrence comes while the instance it started last is still running
 * (has not reached a final state). Send-event actions start no instance, so for them every
 * occurrence sends.
 */
public enum OverlapPolicy {
  /** Do not start a new instance; the occurrence is recorded as skipped (the default). */
  SKIP,
  /**
   * Keep one occurrence in the buffer and skip further ones until it drains; the buffered one
   * starts, with its original occurrence time, on the first tick after the running instance ends.
   */
  BUFFER_ONE,
  /**
   * Buffer every occurrence, up to the schedule's {@code max_buffer} (overflow is a skip with
   * reason {@code buffer_overflow}); they start one after another, oldest first, as runs end.
   */
  BUFFER_ALL,
  /** Start the new instance whatever the previous one does. */
  ALLOW_ALL,
  /** Cancel the previous instance through its queue, then start the new one. */
  CANCEL_OTHER,
  /** Terminate the previous instance at once, then start the new one. */
  TERMINATE_OTHER;

  /** The policy for text such as {@code skip}, {@code BufferOne} or {@code TERMINATE_OTHER}. */
  public static OverlapPolicy parse(String text) {
    return WireNames.parse(OverlapPolicy.class, "overlap policy", text);
  }

  /** True for the two buffering policies. */
  public boolean buffers() {
    return this == BUFFER_ONE || this == BUFFER_ALL;
  }

  /** The wire form: {@code skip}, {@code buffer_one}, … */
  public String wireName() {
    return WireNames.of(this);
  }
}
