package dev.clockwork.schedule.store.memory;

import dev.clockwork.schedule.store.ScheduleRecord;
import dev.clockwork.schedule.store.ScheduleStatus;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;

/**
 * The in-memory store's indexes: active schedules by next fire time, active schedules with buffered
 * triggers, and schedules of any status with pending triggers. Not thread-safe; the store's monitor
 * guards it.
 */
final class DueIndex<K> {
  private final TreeMap<Instant, Set<K>> byNextFire = new TreeMap<>();
  private final Set<K> withBuffer = new LinkedHashSet<>();
  private final Set<K> withPending = new LinkedHashSet<>();

  /** Moves {@code key} from where {@code before} indexed it to where {@code after} does. */
  void update(K key, ScheduleRecord before, ScheduleRecord after) {
    if (before != null && before.nextFireAt() != null) {
      Set<K> keys = byNextFire.get(before.nextFireAt());
      if (keys != null) {
        keys.remove(key);
        if (keys.isEmpty()) {
          byNextFire.remove(before.nextFireAt());
        }
      }
    }
    boolean active = after.status() == ScheduleStatus.ACTIVE;
    if (active && after.nextFireAt() != null) {
      byNextFire.computeIfAbsent(after.nextFireAt(), t -> new LinkedHashSet<>()).add(key);
    }
    if (active && after.bufferedCount() > 0) {
      withBuffer.add(key);
    } else {
      withBuffer.remove(key);
    }
    if (after.hasPending()) {
      withPending.add(key);
    } else {
      withPending.remove(key);
    }
  }

  /** Forgets the schedule {@code record} of {@code key}, whose row is gone. */
  void remove(K key, ScheduleRecord record) {
    update(key, record, record.toBuilder().status(ScheduleStatus.DELETED).next(null, null).build());
    withPending.remove(key);
  }

  /** Keys of schedules whose next fire is at or before {@code now}, earliest first. */
  List<K> dueAt(Instant now) {
    List<K> keys = new ArrayList<>();
    for (Map.Entry<Instant, Set<K>> entry : byNextFire.headMap(now, true).entrySet()) {
      keys.addAll(entry.getValue());
    }
    return keys;
  }

  Set<K> buffered() {
    return withBuffer;
  }

  Set<K> pending() {
    return withPending;
  }

  Optional<Instant> earliest() {
    return byNextFire.isEmpty() ? Optional.empty() : Optional.of(byNextFire.firstKey());
  }
}
