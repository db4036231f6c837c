package dev.clockwork.runtime.store.memory;

import java.time.Instant;
import java.util.Comparator;
import java.util.HashMap;
import java.util.Iterator;
import java.util.Map;
import java.util.TreeSet;

/**
 * The in-memory store's instances by the instant their work falls due (an available head event, a
 * due timer, a retry), soonest first, so claims and {@code nextDue} read only what is due. Not
 * thread-safe: the store calls it under its own lock.
 */
final class DueIndex {
  /** One instance at its due instant. */
  record Due(Instant at, String instanceId) {}

  private static final Comparator<Due> ORDER =
      Comparator.comparing(Due::at).thenComparing(Due::instanceId);

  private final TreeSet<Due> byDue = new TreeSet<>(ORDER);
  private final Map<String, Due> byInstance = new HashMap<>();

  /** Sets when {@code instanceId}'s work falls due; null when it has none. */
  void set(String instanceId, Instant at) {
    Due old = byInstance.remove(instanceId);
    if (old != null) {
      byDue.remove(old);
    }
    if (at != null) {
      Due due = new Due(at, instanceId);
      byDue.add(due);
      byInstance.put(instanceId, due);
    }
  }

  /** Instances soonest first; the caller stops iterating past the instant it cares about. */
  Iterator<Due> soonestFirst() {
    return byDue.iterator();
  }
}
