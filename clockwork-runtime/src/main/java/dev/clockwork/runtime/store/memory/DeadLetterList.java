package dev.clockwork.runtime.store.memory;

import dev.clockwork.runtime.instance.NamespacedIds;
import dev.clockwork.runtime.queue.AttemptError;
import dev.clockwork.runtime.queue.DeadLetter;
import dev.clockwork.runtime.queue.QueuedEvent;
import dev.clockwork.runtime.queue.RetriedDeadLetter;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The in-memory store's dead letters, oldest first, numbered in the order they died, and the
 * records of those retried. Not thread-safe: the store calls it under its own lock.
 */
final class DeadLetterList {
  private final List<DeadLetter> letters = new ArrayList<>();
  private final Map<Long, RetriedDeadLetter> retried = new LinkedHashMap<>();
  private long lastId;

  /** Adds an event that failed for good; it died at the time of its last error. */
  void add(QueuedEvent dead) {
    letters.add(
        new DeadLetter(++lastId, dead, dead.lastError().map(AttemptError::at).orElseThrow()));
  }

  Optional<DeadLetter> find(long id) {
    return letters.stream().filter(d -> d.id() == id).findFirst();
  }

  /**
   * Up to {@code limit} dead letters of {@code machine} (every machine when null) and {@code
   * namespace} (every one when null) with an id above {@code afterId}.
   */
  List<DeadLetter> list(String machine, String namespace, long afterId, int limit) {
    return letters.stream()
        .filter(d -> of(d, machine) && d.id() > afterId)
        .filter(d -> NamespacedIds.in(namespace, d.event().instanceId()))
        .limit(limit)
        .toList();
  }

  long count(String machine) {
    return letters.stream().filter(d -> of(d, machine)).count();
  }

  /** Takes one dead letter out (to retry it). */
  Optional<DeadLetter> take(long id) {
    Optional<DeadLetter> found = find(id);
    found.ifPresent(letters::remove);
    return found;
  }

  /** Records that a dead letter taken out was retried. */
  void retried(RetriedDeadLetter record) {
    retried.put(record.id(), record);
  }

  Optional<RetriedDeadLetter> findRetried(long id) {
    return Optional.ofNullable(retried.get(id));
  }

  /**
   * Deletes those of {@code machine} (all when null) that died before {@code olderThan} (all when
   * null), and the records of retried ones whose retry became available before it; returns how many
   * dead letters were deleted.
   */
  int purge(String machine, Instant olderThan) {
    retried
        .values()
        .removeIf(
            r ->
                (machine == null || machine.equals(r.machine()))
                    && (olderThan == null || r.availableAt().isBefore(olderThan)));
    int before = letters.size();
    letters.removeIf(d -> of(d, machine) && (olderThan == null || d.deadAt().isBefore(olderThan)));
    return before - letters.size();
  }

  private static boolean of(DeadLetter letter, String machine) {
    return machine == null || machine.equals(letter.event().machine());
  }
}
