package dev.clockwork.runtime.store.memory;

import dev.clockwork.core.interpreter.InstanceStatus;
import dev.clockwork.runtime.store.Archiver;
import dev.clockwork.runtime.store.HistoryEntry;
import dev.clockwork.runtime.store.InstanceRecord;
import dev.clockwork.runtime.store.RetentionStore;
import dev.clockwork.runtime.store.callback.CallbackState;
import dev.clockwork.runtime.store.callback.StoredCallback;
import dev.clockwork.runtime.store.retention.HistoryTrim;
import dev.clockwork.runtime.store.retention.RemovedRows;
import dev.clockwork.runtime.store.retention.RemovedTotal;
import dev.clockwork.runtime.store.retention.RetentionBacklog;
import dev.clockwork.runtime.store.retention.RetentionCutoffs;
import dev.clockwork.runtime.store.retention.RetentionScope;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Predicate;

/**
 * The in-memory store's retention role, under the store's lock: a turn never holds it while it
 * runs, so a purge sees every instance between turns; an instance a valid lease holds is left.
 * Finished instances go through {@link MemoryInstancePurge}, running instances' history through
 * {@link MemoryHistoryTrim}; the small tables (idempotency keys, callbacks, operator log), the
 * backlog and the running totals are here.
 */
final class MemoryRetention implements RetentionStore {
  private static final Set<CallbackState> SETTLED =
      Set.of(CallbackState.DELIVERED, CallbackState.FAILED, CallbackState.ABANDONED);

  private final AtomicBoolean passing = new AtomicBoolean();
  private final MemoryData data;
  private final MemoryCallbacks callbacks;
  private final MemoryOperatorLog operatorLog;
  private final MemoryRemovedTotals totals = new MemoryRemovedTotals();
  private final MemoryInstancePurge instancePurge;
  private final MemoryHistoryTrim historyTrim;

  MemoryRetention(MemoryData data, MemoryCallbacks callbacks, MemoryOperatorLog operatorLog) {
    this.data = data;
    this.callbacks = callbacks;
    this.operatorLog = operatorLog;
    this.instancePurge = new MemoryInstancePurge(data, callbacks);
    this.historyTrim = new MemoryHistoryTrim(data);
  }

  @Override
  public RemovedRows purgeFinishedInstances(
      RetentionScope scope, Instant finishedBefore, Instant now, int limit, Archiver archiver) {
    return instancePurge.purge(scope, finishedBefore, now, limit, archiver);
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
    return historyTrim.trim(scope, olderThan, maxRows, now, afterId, limit, archiver);
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
