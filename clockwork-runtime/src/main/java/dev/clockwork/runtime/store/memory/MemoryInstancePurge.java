package dev.clockwork.runtime.store.memory;

import dev.clockwork.core.interpreter.InstanceStatus;
import dev.clockwork.runtime.store.ArchivedInstance;
import dev.clockwork.runtime.store.Archiver;
import dev.clockwork.runtime.store.HistoryEntry;
import dev.clockwork.runtime.store.InstanceRecord;
import dev.clockwork.runtime.store.RetentionStore;
import dev.clockwork.runtime.store.retention.RemovedRows;
import dev.clockwork.runtime.store.retention.RetentionScope;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * {@code retention.finished_instances} in the in-memory store: finished instances (with their
 * finished descendants) that last changed before the cut go with everything they own, archived
 * first when an archiver is given; an instance a valid lease holds, or whose family has one still
 * running, is left.
 */
final class MemoryInstancePurge {
  private final MemoryData data;
  private final MemoryCallbacks callbacks;

  MemoryInstancePurge(MemoryData data, MemoryCallbacks callbacks) {
    this.data = data;
    this.callbacks = callbacks;
  }

  /** See {@link RetentionStore#purgeFinishedInstances}. */
  RemovedRows purge(
      RetentionScope scope, Instant finishedBefore, Instant now, int limit, Archiver archiver) {
    synchronized (data) {
      List<InstanceRecord> finished =
          data.instances.values().stream()
              .filter(r -> r.status() != InstanceStatus.ACTIVE)
              .filter(r -> scope.includes(r.machine()))
              .filter(r -> r.updatedAt().isBefore(finishedBefore))
              .filter(r -> !data.isLeased(r.id(), now))
              .sorted(Comparator.comparing(InstanceRecord::updatedAt))
              .toList();
      Set<String> batch = new LinkedHashSet<>();
      int roots = 0;
      for (InstanceRecord record : finished) {
        if (roots >= limit) {
          break;
        }
        if (batch.contains(record.id())) {
          continue; // a child of one before it
        }
        List<String> family = family(record.id());
        if (family.stream().anyMatch(id -> !finishedAndFree(id, now))) {
          continue;
        }
        batch.addAll(family);
        roots++;
      }
      if (archiver != null && !batch.isEmpty()) {
        archive(batch, archiver);
      }
      Map<String, Long> removed = new HashMap<>();
      batch.forEach(id -> remove(id, removed));
      return new RemovedRows(removed);
    }
  }

  /** Hands the batch to {@code archiver}; nothing is removed when it throws. */
  private void archive(Set<String> ids, Archiver archiver) {
    List<ArchivedInstance> batch = new ArrayList<>();
    for (String id : ids) {
      batch.add(
          new ArchivedInstance(data.instances.get(id), data.histories.getOrDefault(id, List.of())));
    }
    Archiver.archiveBeforeDelete(archiver, batch);
  }

  /** The instance and its descendants (ids {@code <parent>/…}). */
  private List<String> family(String id) {
    List<String> family = new ArrayList<>();
    family.add(id);
    data.instances.keySet().stream()
        .filter(other -> other.startsWith(id + "/"))
        .forEach(family::add);
    return family;
  }

  private boolean finishedAndFree(String id, Instant now) {
    return data.instances.get(id).status() != InstanceStatus.ACTIVE && !data.isLeased(id, now);
  }

  private void remove(String id, Map<String, Long> removed) {
    data.instances.remove(id);
    count(removed, RemovedRows.INSTANCES, 1);
    List<HistoryEntry> history = data.histories.remove(id);
    count(removed, RemovedRows.HISTORY, history == null ? 0 : history.size());
    TreeMap<Long, ?> queue = data.queues.remove(id);
    count(removed, RemovedRows.QUEUE, queue == null ? 0 : queue.size());
    count(removed, RemovedRows.LEASES, data.leases.remove(id) == null ? 0 : 1);
    count(removed, RemovedRows.REGION_JOBS, data.jobs.removeAll(id));
    List<String> keys =
        data.keyTimes.keySet().stream()
            .filter(k -> MemoryData.instanceOfKey(k).equals(id))
            .toList();
    keys.forEach(data::forgetKey);
    count(removed, RemovedRows.IDEMPOTENCY_KEYS, keys.size());
    count(
        removed,
        RemovedRows.CALLBACKS,
        callbacks.remove(c -> c.instanceId().equals(id), Integer.MAX_VALUE));
    data.reindex(id);
  }

  private static void count(Map<String, Long> removed, String table, long rows) {
    removed.merge(table, rows, Long::sum);
  }
}
