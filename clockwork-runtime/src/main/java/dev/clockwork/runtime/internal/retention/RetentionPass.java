package dev.clockwork.runtime.internal.retention;

import dev.clockwork.runtime.config.RetentionSettings;
import dev.clockwork.runtime.config.Settings;
import dev.clockwork.runtime.internal.Listeners;
import dev.clockwork.runtime.store.ArchiveFailedException;
import dev.clockwork.runtime.store.Archiver;
import dev.clockwork.runtime.store.RetentionStore;
import dev.clockwork.runtime.store.retention.HistoryTrim;
import dev.clockwork.runtime.store.retention.RemovedRows;
import dev.clockwork.runtime.store.retention.RetentionScope;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One retention pass: for each machine with retention of its own, then for every other machine with
 * the system's, finished instances past {@code finished_instances} go, running instances' history
 * is trimmed, and old idempotency keys and settled callbacks go; then the operator log. Each step
 * runs in batches of {@link #BATCH} until a batch comes back short, at most {@link #MAX_BATCHES}
 * per step (what is left waits for the next pass). The pass runs on one node at a time ({@link
 * RetentionStore#exclusively}) and reads "now" once, from the engine's clock.
 */
public final class RetentionPass implements Runnable {
  private static final Logger LOG = LoggerFactory.getLogger(RetentionPass.class);

  /** Rows (or instances) per batch: each batch is one short statement or transaction. */
  static final int BATCH = 200;

  /** Batches per step and pass at most. */
  static final int MAX_BATCHES = 100;

  private final Settings settings;
  private final RetentionStore store;
  private final Clock clock;
  private final Listeners listeners;
  private final Archiver archiver;

  /**
   * @param archiver where finished instances go before they are deleted, or null for no archive
   */
  public RetentionPass(
      Settings settings,
      RetentionStore store,
      Clock clock,
      Listeners listeners,
      Archiver archiver) {
    this.settings = settings;
    this.store = store;
    this.clock = clock;
    this.listeners = listeners;
    this.archiver = archiver;
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
    }
    return removed.get();
  }

  private RemovedRows pass(Instant now) {
    RemovedRows removed = RemovedRows.NONE;
    Map<String, RetentionSettings> own = settings.machineRetention();
    for (Map.Entry<String, RetentionSettings> machine : own.entrySet()) {
      removed = removed.plus(scope(RetentionScope.only(machine.getKey()), machine.getValue(), now));
    }
    removed = removed.plus(scope(RetentionScope.allBut(own.keySet()), settings.retention(), now));
    Instant logBefore = now.minus(settings.retention().operatorLog());
    long log = batches(() -> store.purgeOperatorLog(logBefore, BATCH));
    return removed.plus(new RemovedRows(Map.of(RemovedRows.OPERATOR_LOG, log)));
  }

  private RemovedRows scope(RetentionScope scope, RetentionSettings retention, Instant now) {
    RemovedRows removed = RemovedRows.NONE;
    Instant finishedBefore = now.minus(retention.finishedInstances());
    for (int i = 0; i < MAX_BATCHES; i++) {
      RemovedRows batch;
      try {
        batch = store.purgeFinishedInstances(scope, finishedBefore, now, BATCH, archiver);
      } catch (ArchiveFailedException e) {
        LOG.warn("retention keeps finished instances this pass: {}", e.getMessage());
        break; // the rest of the pass goes on; the batch is offered again next pass
      }
      removed = removed.plus(batch);
      if (batch.of(RemovedRows.INSTANCES) < BATCH) {
        break;
      }
    }
    Instant historyBefore = now.minus(retention.historyMaxAge());
    long history = 0;
    String after = "";
    for (int i = 0; i < MAX_BATCHES && after != null; i++) {
      HistoryTrim trim =
          store.trimHistory(scope, historyBefore, retention.historyMaxRows(), now, after, BATCH);
      history += trim.rowsRemoved();
      after = trim.lastInstanceId();
    }
    Instant keysBefore = now.minus(retention.idempotencyKeys());
    long keys = batches(() -> store.purgeIdempotencyKeys(scope, keysBefore, BATCH));
    Instant callbacksBefore = now.minus(retention.callbacks());
    long callbacks = batches(() -> store.purgeCallbacks(scope, callbacksBefore, BATCH));
    return removed.plus(
        new RemovedRows(
            Map.of(
                RemovedRows.HISTORY, history,
                RemovedRows.IDEMPOTENCY_KEYS, keys,
                RemovedRows.CALLBACKS, callbacks)));
  }

  /** Runs {@code batch} until it removes fewer than {@link #BATCH}; returns the rows removed. */
  private static long batches(Batch batch) {
    long removed = 0;
    for (int i = 0; i < MAX_BATCHES; i++) {
      int rows = batch.run();
      removed += rows;
      if (rows < BATCH) {
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
