package dev.clockwork.bench.queues;

import dev.clockwork.bench.durable.CallStats;
import dev.clockwork.runtime.queue.Lease;
import dev.clockwork.runtime.store.Claim;
import dev.clockwork.runtime.store.StepCommit;
import dev.clockwork.runtime.store.Store;
import java.lang.reflect.InvocationHandler;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Predicate;

/**
 * The store a drain hands its engine ({@link #store()}): every call goes to the real store, and on
 * the way it counts what was consumed and dead-lettered and how many instances of each machine were
 * being processed at once.
 *
 * <p>An instance counts as being processed from the moment a claim returns it to its worker until
 * that worker hands the store the commit (or release) that gives its lease back. Both ends lie
 * inside the time the database holds the lease, so a count above a machine's cap means the cap was
 * broken for certain. A dynamic proxy rather than a class implementing {@link Store}, so the
 * benchmark keeps compiling while the store SPI grows methods it does not watch.
 */
final class WatchedStore implements InvocationHandler {
  private final Store store;
  private final Store proxy;
  private final Predicate<String> watched;
  private final Map<String, String> processing = new ConcurrentHashMap<>();
  private final Map<String, AtomicInteger> atOnce = new ConcurrentHashMap<>();
  private final Map<String, AtomicInteger> mostAtOnce = new ConcurrentHashMap<>();
  private final AtomicLong consumed = new AtomicLong();
  private final AtomicLong watchedConsumed = new AtomicLong();
  private final AtomicLong deadLettered = new AtomicLong();
  private final AtomicReference<Throwable> firstError = new AtomicReference<>();
  private final Map<String, CallStats> calls = new ConcurrentHashMap<>();
  private final AtomicLong lastWatchedCommitNanos = new AtomicLong();
  private final AtomicLong lastProgressNanos = new AtomicLong();

  /**
   * @param watched the instances whose consumed events are counted on their own (the healthy ones
   *     of the poison run)
   */
  WatchedStore(Store store, Predicate<String> watched) {
    this.store = store;
    this.watched = watched;
    this.proxy =
        (Store)
            Proxy.newProxyInstance(
                Store.class.getClassLoader(), new Class<?>[] {Store.class}, this);
  }

  Store store() {
    return proxy;
  }

  /** Events consumed by accepted commits, every instance. */
  long consumed() {
    return consumed.get();
  }

  /** Events consumed by accepted commits of the watched instances. */
  long watchedConsumed() {
    return watchedConsumed.get();
  }

  long deadLettered() {
    return deadLettered.get();
  }

  /** When the last commit that consumed events of a watched instance returned. */
  long lastWatchedCommitNanos() {
    return lastWatchedCommitNanos.get();
  }

  /** When the last commit that consumed or dead-lettered events returned. */
  long lastProgressNanos() {
    return lastProgressNanos.get();
  }

  /** The most instances of each machine processed at once, by machine name. */
  Map<String, Integer> mostAtOnce() {
    Map<String, Integer> most = new TreeMap<>();
    mostAtOnce.forEach((machine, count) -> most.put(machine, count.get()));
    return most;
  }

  /**
   * The timed store calls by method: claims (items: instances claimed), commits (items: step
   * commits, dead letters and retries among them) and releases.
   */
  Map<String, CallStats> calls() {
    return new TreeMap<>(calls);
  }

  Optional<Throwable> firstError() {
    return Optional.ofNullable(firstError.get());
  }

  @Override
  public Object invoke(Object self, Method method, Object[] args) throws Throwable {
    String name = method.getName();
    if (name.equals("commit")) {
      @SuppressWarnings("unchecked")
      List<StepCommit> batch = (List<StepCommit>) args[0];
      batch.stream().filter(StepCommit::release).forEach(c -> done(c.lease().instanceId()));
    } else if (name.equals("release")) {
      done(((Lease) args[0]).instanceId());
    }
    Object result;
    long start = System.nanoTime();
    try {
      result = method.invoke(store, args);
    } catch (InvocationTargetException e) {
      firstError.compareAndSet(null, e.getCause());
      throw e.getCause();
    }
    long elapsed = System.nanoTime() - start;
    switch (name) {
      case "claim", "claimWithinCaps" -> {
        claimed(result);
        time(name, ((List<?>) result).size(), elapsed);
      }
      case "commit" -> {
        committed(args, (Set<?>) result);
        time(name, ((List<?>) args[0]).size(), elapsed);
      }
      case "release" -> time(name, 1, elapsed);
      default -> {
        // not watched
      }
    }
    return result;
  }

  private void time(String method, int items, long nanos) {
    calls.computeIfAbsent(method, m -> new CallStats()).add(items, nanos);
  }

  private void claimed(Object result) {
    for (Object each : (List<?>) result) {
      Claim claim = (Claim) each;
      String machine = claim.instance().machine();
      if (processing.put(claim.instance().id(), machine) == null) {
        int now = atOnce.computeIfAbsent(machine, m -> new AtomicInteger()).incrementAndGet();
        mostAtOnce
            .computeIfAbsent(machine, m -> new AtomicInteger())
            .accumulateAndGet(now, Math::max);
      }
    }
  }

  private void done(String instanceId) {
    String machine = processing.remove(instanceId);
    if (machine != null) {
      atOnce.get(machine).decrementAndGet();
    }
  }

  private void committed(Object[] args, Set<?> lost) {
    @SuppressWarnings("unchecked")
    List<StepCommit> batch = (List<StepCommit>) args[0];
    long end = System.nanoTime();
    for (StepCommit commit : batch) {
      String id = commit.next().id();
      if (lost.contains(id) || (commit.consumed().isEmpty() && commit.deadLettered().isEmpty())) {
        continue;
      }
      // the times first: a reader that sees the counts complete sees the times of the last call
      lastProgressNanos.accumulateAndGet(end, Math::max);
      if (watched.test(id)) {
        lastWatchedCommitNanos.accumulateAndGet(end, Math::max);
        watchedConsumed.addAndGet(commit.consumed().size());
      }
      consumed.addAndGet(commit.consumed().size());
      deadLettered.addAndGet(commit.deadLettered().size());
    }
  }
}
