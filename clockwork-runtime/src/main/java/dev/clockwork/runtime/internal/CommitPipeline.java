package dev.clockwork.runtime.internal;

import dev.clockwork.runtime.internal.outage.StoreFailures;
import dev.clockwork.runtime.store.CommitResult;
import dev.clockwork.runtime.store.StepCommit;
import dev.clockwork.runtime.store.Store;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Continuous group commit: chains handed in while a commit is being written wait for it and go
 * together in the next one, so many turns share one transaction and one flush. A worker hands its
 * chain in and is free at once ({@link #submit}); the chain is settled — leases released, listeners
 * told — only after its commit is durable, in the thread that wrote it. A caller that must wait
 * ({@link #commitAll}) writes the batch itself when no write is in progress, and otherwise waits
 * for its own chains only (no wake-up of every waiter). When a shared commit throws (by the store's
 * contract nothing was written), each chain is written alone, so one chain's failure is its own.
 *
 * <p>Settling runs in two phases per batch: every chain's {@code written} step first (releases
 * leases: no user code), then every chain's follow-up (listeners, broadcasts), so a listener that
 * sends to an instance of the same batch finds its lease released.
 */
public final class CommitPipeline {
  private static final Logger LOG = LoggerFactory.getLogger(CommitPipeline.class);

  private final Store store;
  private final Listeners listeners;
  private final StoreFailures failures;
  private final List<Pending> waiting = new ArrayList<>();
  private final ExecutorService writer;
  private boolean writing;
  private boolean draining;
  private int blocked;
  private final int waitingAtMost;
  private int settling;

  /**
   * @param waitingAtMost how many handed-in chains may wait for the next batch: a worker handing
   *     one more in waits for the batch to be taken (a stalled store stops the workers instead of
   *     piling up turns that hold their leases)
   * @param failures told of every commit that succeeds or that the store fails
   */
  public CommitPipeline(
      Store store, Listeners listeners, StoreFailures failures, int waitingAtMost) {
    this.store = store;
    this.listeners = listeners;
    this.failures = failures;
    this.waitingAtMost = waitingAtMost;
    ThreadPoolExecutor executor =
        new ThreadPoolExecutor(
            1,
            1,
            5,
            TimeUnit.SECONDS,
            new LinkedBlockingQueue<>(),
            task -> {
              Thread thread = new Thread(task, "clockwork-committer");
              thread.setDaemon(true);
              return thread;
            });
    executor.allowCoreThreadTimeOut(true);
    this.writer = executor;
  }

  /**
   * What became of one chain's commits: what the store decided, or the failure of the write that
   * carried them (by the store's contract nothing of them was written).
   */
  public record Written(CommitResult result, RuntimeException failure) {}

  /** One chain's commits, how to settle it once written, and who waits for it. */
  private static final class Pending {
    final List<StepCommit> commits;
    final Function<Written, Runnable> settle;
    final CountDownLatch waiter;
    Written written;
    Runnable then;

    Pending(List<StepCommit> commits, Function<Written, Runnable> settle, CountDownLatch waiter) {
      this.commits = commits;
      this.settle = settle;
      this.waiter = waiter;
    }
  }

  /**
   * Hands a chain's commits in and returns at once: they are written with the next batch, then
   * {@code settle} is called with what became of them (in the writing thread; what it throws is
   * logged) and the follow-up it returns (or null) runs once every chain of the batch is settled.
   */
  public void submit(List<StepCommit> commits, Function<Written, Runnable> settle) {
    boolean start;
    synchronized (this) {
      boolean interrupted = false;
      while (waiting.size() >= waitingAtMost) {
        blocked++;
        try {
          wait();
        } catch (InterruptedException e) {
          interrupted = true;
        } finally {
          blocked--;
        }
      }
      if (interrupted) {
        Thread.currentThread().interrupt();
      }
      waiting.add(new Pending(commits, settle, null));
      start = !draining;
      draining = true;
    }
    if (start) {
      writer.execute(this::drain);
    }
  }

  /**
   * Writes several chains' commits (one list per chain) together with whatever other chains are
   * waiting, settles each with {@code settle} as {@link #submit} does, and returns once they are
   * settled: the caller writes the batch itself when no write is in progress. Never throws.
   *
   * @return per chain, in order, what the store decided or why its write failed
   */
  public List<Written> commitAll(
      List<List<StepCommit>> chains, Function<Written, Runnable> settle) {
    if (chains.isEmpty()) {
      return List.of();
    }
    CountDownLatch done = new CountDownLatch(chains.size());
    List<Pending> mine = new ArrayList<>(chains.size());
    chains.forEach(commits -> mine.add(new Pending(commits, settle, done)));
    List<Pending> batch = null;
    synchronized (this) {
      waiting.addAll(mine);
      if (!writing) {
        batch = take();
      }
    }
    if (batch != null) {
      writeAndSettle(batch);
    }
    awaitUninterruptibly(done);
    List<Written> written = new ArrayList<>(mine.size());
    mine.forEach(p -> written.add(p.written));
    return written;
  }

  /** Waits up to {@code max} until nothing is waiting, being written or being settled. */
  public synchronized boolean awaitIdle(Duration max) throws InterruptedException {
    long deadline = System.nanoTime() + max.toNanos();
    while (!idle()) {
      long left = deadline - System.nanoTime();
      if (left <= 0) {
        return false;
      }
      TimeUnit.NANOSECONDS.timedWait(this, left);
    }
    return true;
  }

  private boolean idle() {
    return waiting.isEmpty() && !writing && settling == 0;
  }

  /** Takes the writing role and every waiting chain. */
  private List<Pending> take() {
    writing = true;
    settling++;
    List<Pending> batch = new ArrayList<>(waiting);
    waiting.clear();
    if (blocked > 0) {
      notifyAll(); // workers waiting for room (the store is slow), and awaitIdle
    }
    return batch;
  }

  /** The writer thread's loop: a batch at a time until nothing waits or someone else writes. */
  private void drain() {
    while (true) {
      List<Pending> batch;
      synchronized (this) {
        if (writing || waiting.isEmpty()) {
          draining = false;
          return;
        }
        batch = take();
      }
      writeAndSettle(batch);
    }
  }

  /**
   * Writes the batch, gives the writing role up (the next batch may be written while this one is
   * settled: settling never holds the role, so a listener may commit synchronously), then settles.
   */
  private void writeAndSettle(List<Pending> batch) {
    write(batch);
    boolean start = false;
    synchronized (this) {
      writing = false;
      if (!waiting.isEmpty() && !draining) {
        draining = true;
        start = true;
      }
    }
    if (start) {
      writer.execute(this::drain);
    }
    try {
      settle(batch);
    } finally {
      synchronized (this) {
        settling--;
        if (idle()) {
          notifyAll(); // awaitIdle, and workers waiting for room
        }
      }
    }
  }

  private static void settle(List<Pending> batch) {
    for (Pending pending : batch) {
      try {
        pending.then = pending.settle.apply(pending.written);
      } catch (RuntimeException e) {
        LOG.error("settling a written commit failed", e);
      }
    }
    for (Pending pending : batch) {
      try {
        if (pending.then != null) {
          pending.then.run();
        }
      } catch (RuntimeException e) {
        LOG.error("the follow-up of a written commit failed", e);
      }
      if (pending.waiter != null) {
        pending.waiter.countDown();
      }
    }
  }

  private void write(List<Pending> batch) {
    List<StepCommit> all = new ArrayList<>();
    batch.forEach(p -> all.addAll(p.commits));
    try {
      CommitResult result = timed(all, batch.size());
      batch.forEach(p -> p.written = new Written(result, null));
    } catch (RuntimeException shared) {
      if (batch.size() == 1) {
        batch.get(0).written = new Written(null, shared);
        return;
      }
      for (Pending alone : batch) {
        try {
          alone.written = new Written(timed(alone.commits, 1), null);
        } catch (RuntimeException own) {
          alone.written = new Written(null, own);
        }
      }
    }
  }

  private CommitResult timed(List<StepCommit> commits, int turns) {
    long started = System.nanoTime();
    CommitResult result;
    try {
      result = store.work().commit(commits);
    } catch (RuntimeException e) {
      failures.failed("commit", e);
      throw e;
    }
    if (result.refused().size() < commits.stream().map(StepCommit::group).distinct().count()) {
      failures.succeeded(); // something was written (a refusal alone may have written nothing)
    }
    listeners.committed(turns, Duration.ofNanos(System.nanoTime() - started));
    return result;
  }

  private static void awaitUninterruptibly(CountDownLatch latch) {
    boolean interrupted = false;
    while (true) {
      try {
        latch.await();
        break;
      } catch (InterruptedException e) {
        interrupted = true;
      }
    }
    if (interrupted) {
      Thread.currentThread().interrupt();
    }
  }
}
