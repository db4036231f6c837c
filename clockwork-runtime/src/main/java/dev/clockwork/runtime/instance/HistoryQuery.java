package dev.clockwork.runtime.instance;

import java.util.Objects;

/**
 * Which rows of an instance's history {@code engine.instances().history(query)} reads, oldest
 * first, internal events included: all of them, a page after a sequence, or those about events of
 * one type.
 *
 * <pre>{@code
 * List<HistoryEntry> all = engine.instances().history(HistoryQuery.all("order-1"));
 * List<HistoryEntry> page = engine.instances().history(HistoryQuery.page("order-1", 0, 50));
 * List<HistoryEntry> next = engine.instances().history(
 *     HistoryQuery.page("order-1", page.get(page.size() - 1).sequence(), 50));
 * List<HistoryEntry> conflicts = engine.instances().history(
 *     HistoryQuery.ofType("order-1", ParallelEvents.CONTEXT_CONFLICT));
 * }</pre>
 *
 * @param instanceId the instance whose history is read
 * @param afterSequence only rows with a sequence above this one (0: from the first)
 * @param limit the most rows read, 1 or more
 * @param type only rows about events of this type, or null for every row
 */
public record HistoryQuery(String instanceId, long afterSequence, int limit, String type) {

  /**
   * Checks the page.
   *
   * @throws IllegalArgumentException when the page starts below 0 or holds no row
   */
  public HistoryQuery {
    Objects.requireNonNull(instanceId, "instanceId");
    if (afterSequence < 0 || limit < 1) {
      throw new IllegalArgumentException(
          "history pages start after a sequence of 0 or more and hold 1 row or more, not after "
              + afterSequence
              + " with "
              + limit);
    }
  }

  /** The instance's full history. */
  public static HistoryQuery all(String instanceId) {
    return new HistoryQuery(instanceId, 0, Integer.MAX_VALUE, null);
  }

  /**
   * Up to {@code limit} rows with a sequence above {@code afterSequence}; the next page starts
   * after the last row's sequence.
   */
  public static HistoryQuery page(String instanceId, long afterSequence, int limit) {
    return new HistoryQuery(instanceId, afterSequence, limit, null);
  }

  /**
   * The rows about events of {@code type}: e.g. {@code PARALLEL_CONTEXT_CONFLICT} for the context
   * conflicts of parallel dispatch (see {@code dev.clockwork.core.definition.ParallelEvents}).
   */
  public static HistoryQuery ofType(String instanceId, String type) {
    return new HistoryQuery(instanceId, 0, Integer.MAX_VALUE, Objects.requireNonNull(type, "type"));
  }
}
