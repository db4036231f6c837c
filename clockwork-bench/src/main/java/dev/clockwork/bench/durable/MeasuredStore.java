package dev.clockwork.bench.durable;

import dev.clockwork.runtime.queue.QueuedEvent;
import dev.clockwork.runtime.store.Claim;
import dev.clockwork.runtime.store.StepCommit;
import dev.clockwork.runtime.store.Store;
import java.lang.reflect.InvocationHandler;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;

/**
 * The store the benchmarks hand the engine ({@link #store()}): every call goes to the real store,
 * and claims, commits, enqueues, sweeps and pending counts are timed on the way. A commit is
 * observed when {@code commit} returns, after PostgreSQL acknowledged it, so "committed" here means
 * durable. A dynamic proxy rather than a class implementing {@link Store}, so the benchmarks keep
 * compiling while the store SPI grows methods they do not measure. Costs a reflective call, two
 * {@code nanoTime} calls and a few atomic adds per store call.
 */
final class MeasuredStore implements InvocationHandler {
  /** Where a traced event's time went: the store calls that carried it, as nanoTime stamps. */
  static final int ENQUEUE_START = 0;

  static final int ENQUEUE_END = 1;
  static final int CLAIM_START = 2;
  static final int CLAIM_END = 3;
  static final int COMMIT_START = 4;
  static final int COMMIT_END = 5;

  /** Told of every accepted step commit, with the {@code nanoTime} at which it was durable. */
  @FunctionalInterface
  interface CommitObserver {
    void committed(StepCommit commit, long nanos);
  }

  final CallStats claims = new CallStats();
  final CallStats commits = new CallStats();
  final CallStats pendingCounts = new CallStats();

  /** The time of each sweep call that moved at least one timer (replaceable between phases). */
  volatile Samples sweepBatchNanos = new Samples();

  private final Store store;
  private final Store proxy;
  private final AtomicLong consumed = new AtomicLong();
  private final AtomicLong errors = new AtomicLong();
  private final AtomicReference<Throwable> firstError = new AtomicReference<>();
  private volatile long lastCommitNanos;
  private volatile CommitObserver observer = (commit, nanos) -> {};
  private volatile Map<Long, long[]> traces;

  MeasuredStore(Store store) {
    this.store = store;
    this.proxy =
        (Store)
            Proxy.newProxyInstance(
                Store.class.getClassLoader(), new Class<?>[] {Store.class}, this);
  }

  /** The measuring store, to hand to the engine. */
  Store store() {
    return proxy;
  }

  void observe(CommitObserver commitObserver) {
    this.observer = commitObserver;
  }

  /** Stamps every event from now on with the start and end of its enqueue, claim and commit. */
  Map<Long, long[]> trace() {
    traces = new ConcurrentHashMap<>();
    return traces;
  }

  /** Queue rows consumed by accepted commits so far. */
  long consumed() {
    return consumed.get();
  }

  /**
   * Waits until accepted commits have consumed {@code target} queue rows in all.
   *
   * @return the {@code nanoTime} at which the last commit so far was durable, or -1 when {@code
   *     timeout} passed first
   */
  long awaitConsumed(long target, Duration timeout) throws InterruptedException {
    long deadline = System.nanoTime() + timeout.toNanos();
    while (consumed.get() < target) {
      if (System.nanoTime() - deadline > 0) {
        return -1;
      }
      Thread.sleep(2);
    }
    return lastCommitNanos;
  }

  /** Failed store calls so far (a worker logs and retries them; the benchmark reports them). */
  long errors() {
    return errors.get();
  }

  Optional<Throwable> firstError() {
    return Optional.ofNullable(firstError.get());
  }

  @Override
  public Object invoke(Object self, Method method, Object[] args) throws Throwable {
    long start = System.nanoTime();
    Object result;
    try {
      result = method.invoke(store, args);
    } catch (InvocationTargetException e) {
      errors.incrementAndGet();
      firstError.compareAndSet(null, e.getCause());
      throw e.getCause();
    }
    long end = System.nanoTime();
    switch (method.getName()) {
      case "commit" -> committed(args, (Set<?>) result, start, end);
      case "claim" -> claimed(result, start, end);
      case "enqueue" -> stamp(((QueuedEvent) result).id(), ENQUEUE_START, start, end);
      case "sweepDueTimers" -> {
        if ((Integer) result > 0) {
          sweepBatchNanos.add(end - start);
        }
      }
      case "pendingEvents" -> pendingCounts.add(1, end - start);
      default -> {
        // not measured
      }
    }
    return result;
  }

  private void committed(Object[] args, Set<?> lost, long start, long end) {
    @SuppressWarnings("unchecked")
    List<StepCommit> batch = (List<StepCommit>) args[0];
    lastCommitNanos = end;
    commits.add(batch.size(), end - start);
    CommitObserver current = observer;
    for (StepCommit commit : batch) {
      if (!lost.contains(commit.next().id())) {
        consumed.addAndGet(commit.consumed().size());
        for (Long id : commit.consumed()) {
          stamp(id, COMMIT_START, start, end);
        }
        current.committed(commit, end);
      }
    }
  }

  private void claimed(Object result, long start, long end) {
    @SuppressWarnings("unchecked")
    List<Claim> claimed = (List<Claim>) result;
    claims.add(claimed.size(), end - start);
    if (traces != null) {
      for (Claim claim : claimed) {
        for (QueuedEvent event : claim.events()) {
          stamp(event.id(), CLAIM_START, start, end);
        }
      }
    }
  }

  private void stamp(long queueId, int first, long startNanos, long endNanos) {
    Map<Long, long[]> current = traces;
    if (current != null) {
      long[] stamps = current.computeIfAbsent(queueId, id -> new long[6]);
      stamps[first] = startNanos;
      stamps[first + 1] = endNanos;
    }
  }
}
