package dev.clockwork.runtime.store.memory;

import dev.clockwork.core.interpreter.InstanceStatus;
import dev.clockwork.runtime.store.ArchiveFailedException;
import dev.clockwork.runtime.store.ArchivedInstance;
import dev.clockwork.runtime.store.Archiver;
import dev.clockwork.runtime.store.HistoryEntry;
import dev.clockwork.runtime.store.InstanceRecord;
import dev.clockwork.runtime.store.RetentionStore;
import dev.clockwork.runtime.store.TrimMarker;
import dev.clockwork.runtime.store.callback.CallbackState;
import dev.clockwork.runtime.store.callback.StoredCallback;
import dev.clockwork.runtime.store.retention.HistoryTrim;
import dev.clockwork.runtime.store.retention.RemovedRows;
import dev.clockwork.runtime.store.retention.RemovedTotal;
import dev.clockwork.runtime.store.retention.RetentionBacklog;
import dev.clockwork.runtime.store.retention.RetentionCutoffs;
import dev.clockwork.runtime.store.retention.RetentionScope;
import java.io.IOException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Predicate;

/**
 * The in-memory store's retention role, under the store's lock: a turn never holds it while it
 * runs, so a purge sees every instance between turns; an instance a valid lease holds is left.
 */
final class MemoryRetention implements RetentionStore {
  private static final Set<CallbackState> SETTLED =
      Set.of(CallbackState.DELIVERED, CallbackState.FAILED, CallbackState.ABANDONED);

  private final AtomicBoolean passing = new AtomicBoolean();
  private final MemoryData data;
  private final MemoryCallbacks callbacks;
  private final MemoryOperatorLog operatorLog;
  private final MemoryRemovedTotals totals = new MemoryRemovedTotals();

  MemoryRetention(MemoryData data, MemoryCallbacks callbacks, MemoryOperatorLog operatorLog) {
    this.data = data;
    this.callbacks = callbacks;
    this.operatorLog = operatorLog;
  }

  @Override
  public RemovedRows purgeFinishedInstances(
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
    try {
      archiver.archive(batch);
    } catch (IOException e) {
      throw new ArchiveFailedException(batch.size(), e);
    }
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

  @Override
  public HistoryTrim trimHistory(
      RetentionScope scope,
      Instant olderThan,
      long maxRows,
      Instant now,
      String afterId,
      int limit,
      Archiver archiver) {
    synchronized (data) {
      List<InstanceRecord> running =
          data.instances.values().stream()
              .filter(r -> r.status() == InstanceStatus.ACTIVE)
              .filter(r -> scope.includes(r.machine()))
              .filter(r -> r.id().compareTo(afterId) > 0)
              .sorted(Comparator.comparing(InstanceRecord::id))
              .limit(limit + 1L)
              .toList();
      Map<InstanceRecord, Integer> cuts = new LinkedHashMap<>();
      String last = null;
      for (int i = 0; i < Math.min(limit, running.size()); i++) {
        InstanceRecord record = running.get(i);
        last = record.id();
        int cut = cut(data.histories.get(record.id()), olderThan, maxRows);
        if (cut > 0) {
          cuts.put(record, cut);
        }
      }
      if (archiver != null && !cuts.isEmpty()) {
        archiveTrimmed(cuts, archiver);
      }
      long rows = 0;
      for (Map.Entry<InstanceRecord, Integer> cut : cuts.entrySet()) {
        rows += trim(cut.getKey(), cut.getValue(), now);
      }
      return new HistoryTrim(rows, cuts.size(), running.size() > limit ? last : null);
    }
  }

  /**
   * How many of the oldest rows of {@code history} go (rows {@code [0, cut)}): those written before
   * {@code olderThan} and those beyond {@code maxRows} (the marker counted); -1 when none.
   */
  private static int cut(List<HistoryEntry> history, Instant olderThan, long maxRows) {
    if (history == null || history.isEmpty()) {
      return -1;
    }
    int cut = 0;
    for (int i = 0; i < history.size(); i++) {
      HistoryEntry entry = history.get(i);
      if (entry.kind() != HistoryEntry.Kind.TRIMMED && entry.at().isBefore(olderThan)) {
        cut = i + 1;
      }
    }
    if (history.size() > maxRows) {
      cut = (int) Math.max(cut, history.size() - maxRows + 1);
    }
    if (cut <= 0 || (cut == 1 && history.get(0).kind() == HistoryEntry.Kind.TRIMMED)) {
      return -1;
    }
    return cut;
  }

  /**
   * Hands the rows about to be trimmed (markers aside) to {@code archiver}; throws to keep them.
   */
  private void archiveTrimmed(Map<InstanceRecord, Integer> cuts, Archiver archiver) {
    List<ArchivedInstance> batch = new ArrayList<>();
    for (Map.Entry<InstanceRecord, Integer> cut : cuts.entrySet()) {
      List<HistoryEntry> rows =
          data.histories.get(cut.getKey().id()).subList(0, cut.getValue()).stream()
              .filter(e -> e.kind() != HistoryEntry.Kind.TRIMMED)
              .toList();
      batch.add(new ArchivedInstance(cut.getKey(), rows, ArchivedInstance.Reason.TRIMMED));
    }
    try {
      archiver.archive(batch);
    } catch (IOException e) {
      throw new ArchiveFailedException(batch.size(), e);
    }
  }

  /** Trims the first {@code cut} rows of one instance's history; returns how many rows fewer. */
  private long trim(InstanceRecord record, int cut, Instant now) {
    List<HistoryEntry> history = data.histories.get(record.id());
    List<HistoryEntry> gone = history.subList(0, cut);
    long removed = gone.stream().mapToLong(e -> Math.max(1, TrimMarker.removed(e))).sum();
    HistoryEntry marker =
        TrimMarker.of(
            record.id(),
            record.conversationId(),
            gone.get(gone.size() - 1).sequence(),
            removed,
            now,
            gone.get(gone.size() - 1).states());
    int rows = gone.size();
    gone.clear();
    history.add(0, marker);
    return rows - 1; // one row became the marker
  }

  @Override
  public int purgeIdempotencyKeys(RetentionScope scope, Instant before, int limit) {
    synchronized (data) {
      List<String> old =
          data.keyTimes.entrySet().stream()
              .filter(e -> e.getValue().isBefore(before))
              .filter(e -> inScope(scope, MemoryData.instanceOfKey(e.getKey())))
              .sorted(Map.Entry.comparingByValue())
              .limit(limit)
              .map(Map.Entry::getKey)
              .toList();
      old.forEach(data::forgetKey);
      return old.size();
    }
  }

  private boolean inScope(RetentionScope scope, String instanceId) {
    InstanceRecord record = data.instances.get(instanceId);
    return record != null && scope.includes(record.machine());
  }

  @Override
  public int purgeCallbacks(RetentionScope scope, Instant before, int limit) {
    synchronized (data) {
      return callbacks.remove(
          settledBefore(before).and(c -> inScope(scope, c.instanceId())), limit);
    }
  }

  private static Predicate<StoredCallback> settledBefore(Instant before) {
    return c -> SETTLED.contains(c.state()) && c.createdAt().isBefore(before);
  }

  @Override
  public int purgeOperatorLog(Instant before, int limit) {
    return operatorLog.purge(before, limit);
  }

  @Override
  public void recordRemoved(String machine, RemovedRows removed, Instant at) {
    totals.add(machine, removed, at);
  }

  @Override
  public List<RemovedTotal> removedTotals() {
    return totals.all();
  }

  @Override
  public boolean exclusively(Runnable pass) {
    if (!passing.compareAndSet(false, true)) {
      return false;
    }
    try {
      pass.run();
      return true;
    } finally {
      passing.set(false);
    }
  }

  @Override
  public RetentionBacklog backlog(RetentionScope scope, RetentionCutoffs cutoffs, int cap) {
    synchronized (data) {
      MemoryBacklog backlog = new MemoryBacklog(cutoffs, cap);
      List<InstanceRecord> inScope =
          data.instances.values().stream().filter(r -> scope.includes(r.machine())).toList();
      backlog.table(
          RemovedRows.INSTANCES,
          inScope.stream()
              .filter(r -> r.status() != InstanceStatus.ACTIVE)
              .map(InstanceRecord::updatedAt)
              .toList());
      backlog.table(
          RemovedRows.HISTORY,
          inScope.stream()
              .filter(r -> r.status() == InstanceStatus.ACTIVE)
              .flatMap(r -> data.histories.getOrDefault(r.id(), List.of()).stream())
              .filter(e -> e.kind() != HistoryEntry.Kind.TRIMMED)
              .map(HistoryEntry::at)
              .toList());
      backlog.table(
          RemovedRows.IDEMPOTENCY_KEYS,
          data.keyTimes.entrySet().stream()
              .filter(e -> inScope(scope, MemoryData.instanceOfKey(e.getKey())))
              .map(Map.Entry::getValue)
              .toList());
      backlog.table(
          RemovedRows.CALLBACKS,
          callbacks.registeredAt(
              settledBefore(Instant.MAX).and(c -> inScope(scope, c.instanceId()))));
      if (scope.machine() == null) {
        backlog.table(RemovedRows.OPERATOR_LOG, operatorLog.writtenAt());
      }
      return backlog.result();
    }
  }
}
