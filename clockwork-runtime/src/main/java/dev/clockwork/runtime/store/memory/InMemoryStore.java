package dev.clockwork.runtime.store.memory;

import dev.clockwork.core.interpreter.ArmedTimer;
import dev.clockwork.runtime.store.ConcurrentUpdateException;
import dev.clockwork.runtime.store.DueTimer;
import dev.clockwork.runtime.store.DuplicateInstanceException;
import dev.clockwork.runtime.store.HistoryEntry;
import dev.clockwork.runtime.store.InstanceRecord;
import dev.clockwork.runtime.store.Store;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

/**
 * A {@link Store} in the JVM's memory: for tests, the test kit and demos. Nothing survives the JVM.
 * Thread-safe (one lock; it is fast enough for everything but a benchmark of the store itself).
 */
public final class InMemoryStore implements Store {
  private static final Comparator<DueTimer> DUE_ORDER =
      Comparator.comparing(DueTimer::due)
          .thenComparing(DueTimer::instanceId)
          .thenComparing(DueTimer::key)
          .thenComparingLong(DueTimer::entryId);

  private final Map<String, InstanceRecord> instances = new HashMap<>();
  private final Map<String, List<HistoryEntry>> histories = new HashMap<>();
  private final TreeSet<DueTimer> timerIndex = new TreeSet<>(DUE_ORDER);
  private final Map<String, List<DueTimer>> indexedByInstance = new HashMap<>();
  private final Set<DueTimer> claimed = new HashSet<>();

  @Override
  public synchronized void create(InstanceRecord record, List<HistoryEntry> history) {
    if (instances.containsKey(record.id())) {
      throw new DuplicateInstanceException(record.id());
    }
    instances.put(record.id(), record);
    histories.put(record.id(), new ArrayList<>(history));
    index(record);
  }

  @Override
  public synchronized Optional<InstanceRecord> find(String instanceId) {
    return Optional.ofNullable(instances.get(instanceId));
  }

  @Override
  public synchronized void commit(InstanceRecord next, List<HistoryEntry> history) {
    InstanceRecord current = instances.get(next.id());
    long found = current == null ? -1 : current.revision();
    if (found != next.revision() - 1) {
      throw new ConcurrentUpdateException(next.id(), next.revision() - 1, found);
    }
    instances.put(next.id(), next);
    histories.get(next.id()).addAll(history);
    index(next);
  }

  @Override
  public synchronized void append(String instanceId, List<HistoryEntry> history) {
    histories.get(instanceId).addAll(history);
  }

  @Override
  public synchronized List<DueTimer> claimDueTimers(Instant now, int limit) {
    List<DueTimer> due = new ArrayList<>();
    while (due.size() < limit && !timerIndex.isEmpty() && !timerIndex.first().due().isAfter(now)) {
      DueTimer timer = timerIndex.pollFirst();
      indexedByInstance.get(timer.instanceId()).remove(timer);
      claimed.add(timer);
      due.add(timer);
    }
    return due;
  }

  @Override
  public synchronized Optional<Instant> nextTimerDue() {
    return timerIndex.isEmpty() ? Optional.empty() : Optional.of(timerIndex.first().due());
  }

  @Override
  public synchronized List<HistoryEntry> history(String instanceId, long afterSequence, int limit) {
    List<HistoryEntry> all = histories.getOrDefault(instanceId, List.of());
    return all.stream().filter(h -> h.sequence() > afterSequence).limit(limit).toList();
  }

  @Override
  public synchronized List<String> instanceIds(String machine) {
    return instances.values().stream()
        .filter(record -> record.machine().equals(machine))
        .map(InstanceRecord::id)
        .sorted()
        .toList();
  }

  /** Re-indexes an instance's timers; a claimed fire stays claimed while its timer is unchanged. */
  private void index(InstanceRecord record) {
    List<DueTimer> previous = indexedByInstance.getOrDefault(record.id(), List.of());
    previous.forEach(timerIndex::remove);
    List<DueTimer> current = new ArrayList<>(record.timers().size());
    Set<DueTimer> stillClaimed = new HashSet<>();
    for (ArmedTimer timer : record.timers()) {
      DueTimer due =
          new DueTimer(record.id(), timer.key(), timer.event(), timer.entryId(), timer.due());
      if (claimed.contains(due)) {
        stillClaimed.add(due);
      } else {
        current.add(due);
        timerIndex.add(due);
      }
    }
    claimed.removeIf(c -> c.instanceId().equals(record.id()) && !stillClaimed.contains(c));
    indexedByInstance.put(record.id(), current);
  }
}
