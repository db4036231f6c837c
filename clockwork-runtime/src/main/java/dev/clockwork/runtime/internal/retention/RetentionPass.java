package dev.clockwork.runtime.internal.retention;

import dev.clockwork.runtime.config.RetentionSettings;
import dev.clockwork.runtime.config.Settings;
import dev.clockwork.runtime.internal.Listeners;
import dev.clockwork.runtime.listener.EngineListener;
import dev.clockwork.runtime.store.ArchiveFailedException;
import dev.clockwork.runtime.store.Archiver;
import dev.clockwork.runtime.store.RetentionStore;
import dev.clockwork.runtime.store.retention.HistoryTrim;
import dev.clockwork.runtime.store.retention.RemovedRows;
import dev.clockwork.runtime.store.retention.RemovedTotal;
import dev.clockwork.runtime.store.retention.RetentionScope;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicReference;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One retention pass: for each machine with retention of its own, then for every other machine with
 * the system's, finished instances past {@code finished_instances} go, running instances' history
 * is trimmed, and old idempotency keys and settled callbacks go; then the operator log, then the
 * {@link RetentionSteps} modules added (the schedules' audit). What each scope removed is added to
 * the store's running totals ({@link RetentionStore#recordRemoved}). Each step runs in batches of
 * {@link #BATCH} until a batch comes back short, at most {@link #MAX_BATCHES} per step (what is
 * left waits for the next pass). History is trimmed instance by instance in id order, and the next
 * pass goes on from where this one stopped, so every running instance is visited however many there
 * are. The pass runs on one node at a time ({@link RetentionStore#exclusively}) and reads "now"
 * once, from the engine's clock.
 */
public final class RetentionPass implements Runnable {
  private static final Logger LOG = LoggerFactory.getLogger(RetentionPass.class);

  /** Rows (or instances) per batch: each batch is one short statement or transaction. */
  static final int BATCH = 200;

  /** Batches per step and pass at most. */
  static final int MAX_BATCHES = 100;

  /** Where the backlog counts reported after a pass stop. */
  static final int BACKLOG_CAP = 100_000;

  private final Settings settings;
  private final RetentionStore store;
  private final Clock clock;
  private final Listeners listeners;
  private final Archiver archiver;
  private final RetentionSteps steps;
  private final int batch;
  private final int maxBatches;

  /** Per scope, the last running instance whose history a pass visited ("" for the first). */
  private final Map<RetentionScope, String> historyCursors = new ConcurrentHashMap<>();

  /**
   * @param archiver where finished instances and trimmed history go before they are deleted, or
   *     null for no archive
   */
  public RetentionPass(
      Settings settings,
      RetentionStore store,
      Clock clock,
      Listeners listeners,
      Archiver archiver) {
    this(settings, store, clock, listeners, archiver, new RetentionSteps());
  }

  /** As the other public constructor, running {@code steps} after the engine's own. */
  public RetentionPass(
      Settings settings,
      RetentionStore store,
      Clock clock,
      Listeners listeners,
      Archiver archiver,
      RetentionSteps steps) {
    this(settings, store, clock, listeners, archiver, steps, BATCH, MAX_BATCHES);
  }

  /** As the public constructor, with {@code batch} rows per batch and {@code maxBatches} a step. */
  RetentionPass(
      Settings settings,
      RetentionStore store,
      Clock clock,
      Listeners listeners,
      Archiver archiver,
      int batch,
      int maxBatches) {
    this(settings, store, clock, listeners, archiver, new RetentionSteps(), batch, maxBatches);
  }

  private RetentionPass(
      Settings settings,
      RetentionStore store,
      Clock clock,
      Listeners listeners,
      Archiver archiver,
      RetentionSteps steps,
      int batch,
      int maxBatches) {
    this.settings = settings;
    this.store = store;
    this.clock = clock;
    this.listeners = listeners;
    this.archiver = archiver;
    this.steps = steps;
    this.batch = batch;
    this.maxBatches = maxBatches;
  }

  @Override
  public void run() {
    runOnce();
  }

  /** Runs a pass unless another node is running one; returns what it removed (none then). */
  public RemovedRows runOnce() {
    long started = System.nanoTime();
    AtomicReference<RemovedRows> removed = new AtomicReference<>(RemovedRows.NONE);
    boolean ran = store.exclusively(() -> removed.set(pass(clock.instant())));
    if (ran) {
      listeners.retentionPassed(removed.get(), Duration.ofNanos(System.nanoTime() - started));
      reportBacklog(clock.instant());
    }
    return removed.get();
  }

  /**
   * Reads what is left to do, scope by scope (bounded queries, counts capped at {@link
   * #BACKLOG_CAP}), for the listeners: the retention gauges of {@code /metrics}. A failure to read
   * it is logged; the pass is done either way.
   */
  private void reportBacklog(Instant now) {
    try {
      Map<String, RetentionSettings> own = settings.machineRetention();
      for (Map.Entry<String, RetentionSettings> machine : own.entrySet()) {
        RetentionScope scope = RetentionScope.only(machine.getKey());
        listeners.retentionBacklog(
            machine.getKey(),
            store.backlog(scope, machine.getValue().cutoffs(now), BACKLOG_CAP),
            now);
      }
      RetentionScope others = RetentionScope.allBut(own.keySet());
      listeners.retentionBacklog(
          EngineListener.EVERY_OTHER_MACHINE,
          store.backlog(others, settings.retention().cutoffs(now), BACKLOG_CAP),
          now);
    } catch (RuntimeException e) {
      LOG.warn("retention could not read what it has left to do: {}", e.getMessage());
    }
  }

  private RemovedRows pass(Instant now) {
    RemovedRows removed = RemovedRows.NONE;
    Map<String, RetentionSettings> own = settings.machineRetention();
    for (Map.Entry<String, RetentionSettings> machine : own.entrySet()) {
      RemovedRows mine = scope(RetentionScope.only(machine.getKey()), machine.getValue(), now);
      removed = removed.plus(recorded(machine.getKey(), mine, now));
    }
    RemovedRows others = scope(RetentionScope.allBut(own.keySet()), settings.retention(), now);
    Instant logBefore = now.minus(settings.retention().operatorLog());
    long log = batches(() -> store.purgeOperatorLog(logBefore, batch));
    others = others.plus(new RemovedRows(Map.of(RemovedRows.OPERATOR_LOG, log)));
    others = others.plus(steps.run(now));
    return removed.plus(recorded(RemovedTotal.EVERY_OTHER_MACHINE, others, now));
  }

  /**
   * Adds {@code removed} to the store's running totals of {@code machine}; a failure to is logged
   * (the rows are gone either way, only the count is short).
   */
  private RemovedRows recorded(String machine, RemovedRows removed, Instant now) {
    if (removed.total() > 0) {
      try {
        store.recordRemoved(machine, removed, now);
      } catch (RuntimeException e) {
        LOG.warn("retention could not add to its totals of rows removed: {}", e.getMessage());
      }
    }
    return removed;
  }

  private RemovedRows scope(RetentionScope scope, RetentionSettings retention, Instant now) {
    RemovedRows removed = RemovedRows.NONE;
    Instant finishedBefore = now.minus(retention.finishedInstances());
    for (int i = 0; i < maxBatches; i++) {
      RemovedRows purged;
      try {
        purged = store.purgeFinishedInstances(scope, finishedBefore, now, batch, archiver);
      } catch (ArchiveFailedException e) {
        LOG.warn("retention keeps finished instances this pass: {}", e.getMessage());
        break; // the rest of the pass goes on; the batch is offered again next pass
      }
      removed = removed.plus(purged);
      if (purged.of(RemovedRows.INSTANCES) < batch) {
        break;
      }
    }
    long history = trimHistory(scope, retention, now);
    Instant keysBefore = now.minus(retention.idempotencyKeys());
    long keys = batches(() -> store.purgeIdempotencyKeys(scope, keysBefore, batch));
    Instant callbacksBefore = now.minus(retention.callbacks());
    long callbacks = batches(() -> store.purgeCallbacks(scope, callbacksBefore, batch));
    return removed.plus(
        new RemovedRows(
            Map.of(
                RemovedRows.HISTORY, history,
                RemovedRows.IDEMPOTENCY_KEYS, keys,
                RemovedRows.CALLBACKS, callbacks)));
  }

  /**
   * Trims the history of up to {@code maxBatches} batches of running instances, from where the last
   * pass stopped to the last instance (the pass after that starts again from the first).
   */
  private long trimHistory(RetentionScope scope, RetentionSettings retention, Instant now) {
    Instant before = now.minus(retention.historyMaxAge());
    long rows = 0;
    String after = historyCursors.getOrDefault(scope, "");
    for (int i = 0; i < maxBatches && after != null; i++) {
      HistoryTrim trim;
      try {
        trim =
            store.trimHistory(
                scope, before, retention.historyMaxRows(), now, after, batch, archiver);
      } catch (ArchiveFailedException e) {
        LOG.warn("retention keeps running instances' history this pass: {}", e.getMessage());
        return rows; // the cursor stays: the batch is offered again next pass
      }
      rows += trim.rowsRemoved();
      after = trim.lastInstanceId();
    }
    historyCursors.put(scope, after == null ? "" : after);
    return rows;
  }

  /** Runs {@code step} until it removes fewer than a batch; returns the rows removed. */
  private long batches(Batch step) {
    long removed = 0;
    for (int i = 0; i < maxBatches; i++) {
      int rows = step.run();
      removed += rows;
      if (rows < batch) {
        break;
      }
    }
    return removed;
  }

  @FunctionalInterface
  private interface Batch {
    int run();
  }
}
