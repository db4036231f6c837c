package dev.clockwork.runtime.internal;

import dev.clockwork.core.behavior.NonRetryable;
import dev.clockwork.runtime.config.QueueConfig;
import dev.clockwork.runtime.metrics.QueueListener;
import dev.clockwork.runtime.queue.AttemptError;
import dev.clockwork.runtime.queue.Lease;
import dev.clockwork.runtime.queue.QueuedEvent;
import dev.clockwork.runtime.queue.RetryPolicy;
import dev.clockwork.runtime.store.Claim;
import dev.clockwork.runtime.store.StepCommit;
import dev.clockwork.runtime.store.Store;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Claims instances with available events, runs each instance's events in queue order, and commits
 * the whole batch together. An event that fails for good (not retryable, or out of attempts) goes
 * to the dead letters with that commit and its instance's turn goes on; one that will be retried is
 * put back with that commit, available after the policy's backoff, and ends its instance's turn:
 * the events behind it wait for it.
 */
public final class QueueProcessor {
  private static final Logger LOG = LoggerFactory.getLogger(QueueProcessor.class);

  private final Store store;
  private final Clock clock;
  private final Function<String, QueueConfig> queues;
  private final Emits emits;
  private final Supplier<Set<String>> machines;
  private Supplier<Map<String, Integer>> caps;
  private volatile QueueListener listener = QueueListener.NONE;
  private final Duration leaseTime;
  private final String owner;
  private final Set<Lease> inFlight = ConcurrentHashMap.newKeySet();

  public QueueProcessor(
      Store store,
      Clock clock,
      Supplier<Set<String>> machines,
      Emits emits,
      Function<String, QueueConfig> queues,
      Duration leaseTime,
      String owner) {
    this.store = store;
    this.clock = clock;
    this.machines = machines;
    this.emits = emits;
    this.queues = queues;
    this.leaseTime = leaseTime;
    this.owner = owner;
  }

  /**
   * One round: claim up to {@code maxInstances} instances and process their available events.
   *
   * @return the number of events processed (failed ones included)
   */
  public int runOnce(int maxInstances, int maxEventsPerInstance) {
    Instant now = clock.instant();
    Map<String, Integer> limits = caps == null ? null : caps.get();
    List<Claim> claims =
        limits == null
            ? store.claim(owner, leaseTime, now, maxInstances, maxEventsPerInstance, machines.get())
            : store.claimWithinCaps(
                owner, leaseTime, now, maxInstances, maxEventsPerInstance, limits);
    if (claims.isEmpty()) {
      return 0;
    }
    claims.forEach(claim -> inFlight.add(claim.lease()));
    try {
      return process(claims, now);
    } finally {
      claims.forEach(claim -> inFlight.remove(claim.lease()));
    }
  }

  /**
   * Caps how many instances of each machine are processed at once across every node (the queue's
   * {@code concurrency}); null for no caps.
   */
  public void limitConcurrency(Supplier<Map<String, Integer>> perMachine) {
    this.caps = perMachine;
  }

  /** Renews every lease a round is working under, so slow actions do not lose them. */
  public void renewLeases() {
    Instant until = clock.instant().plus(leaseTime);
    for (Lease lease : inFlight) {
      if (store.renew(lease, until).isEmpty()) {
        LOG.warn("lease on {} was lost while it was being processed", lease.instanceId());
      }
    }
  }

  private int process(List<Claim> claims, Instant now) {
    List<StepCommit> commits = new ArrayList<>(claims.size());
    List<Failure> failures = new ArrayList<>();
    List<Timing> completed = new ArrayList<>();
    List<Turn> turns = new ArrayList<>(claims.size());
    int processed = 0;
    for (Claim claim : claims) {
      Turn turn;
      try {
        turn = emits.turn(claim.lease(), claim.instance());
      } catch (RuntimeException e) {
        LOG.warn("cannot process {}: {}", claim.instance().id(), e.getMessage());
        store.release(claim.lease());
        continue;
      }
      List<Timing> timings = new ArrayList<>(claim.events().size());
      for (QueuedEvent event : claim.events()) {
        processed++;
        long started = System.nanoTime();
        try {
          turn.apply(event, now, queues.apply(claim.instance().machine()).timeout());
          timings.add(
              new Timing(
                  event.machine(),
                  Duration.between(event.enqueuedAt(), now),
                  Duration.ofNanos(System.nanoTime() - started)));
        } catch (RuntimeException e) {
          Failure failure = settle(turn, event, e, now);
          failures.add(failure);
          if (failure.retried()) {
            break; // the events behind it wait for its retry
          }
        }
      }
      completed.addAll(timings);
      commits.addAll(turn.commits(true));
      turns.add(turn);
    }
    Set<String> lost = store.commit(commits);
    for (Turn turn : turns) {
      if (lost.contains(turn.record().id())) {
        turn.abandonAll(); // the store refused the chain: free the targets it emitted to
      } else {
        Broadcasts.deliver(store, turn.broadcasts(), now);
      }
    }
    QueueListener heard = listener;
    for (Timing timing : completed) {
      heard.completed(timing.machine, timing.waited, timing.took);
    }
    for (Failure failure : failures) {
      if (!lost.contains(failure.turn.record().id())) {
        report(failure);
      }
    }
    lost.forEach(
        id -> LOG.warn("lease on {} was lost before its commit; another worker has it", id));
    return processed;
  }

  /**
   * Settles a failed attempt in the turn: put back for a retry after the policy's backoff when it
   * is retryable and attempts are left, else sent to the dead letters.
   */
  private Failure settle(Turn turn, QueuedEvent event, RuntimeException error, Instant now) {
    int attempt = event.attempts() + 1;
    AttemptError attemptError = AttemptError.of(attempt, now, error);
    RetryPolicy retry = queues.apply(event.machine()).retry();
    boolean retryable = !(error instanceof NonRetryable);
    if (retryable && retry.allowsRetryAfter(attempt)) {
      QueuedEvent later = event.failed(attemptError, now.plus(retry.delayAfter(attempt)));
      turn.retryLater(later);
      return new Failure(turn, later, true, true);
    }
    QueuedEvent dead = event.failed(attemptError, now);
    turn.deadLetter(dead, error, now);
    return new Failure(turn, dead, retryable, false);
  }

  /** Tells the listener and the log about a failure its turn's commit settled. */
  private void report(Failure failure) {
    QueuedEvent event = failure.settled;
    String error = event.lastError().map(AttemptError::error).orElse("");
    listener.failed(event.machine(), failure.retryable);
    if (failure.retried) {
      listener.retried(event.machine());
      LOG.info(
          "{} on {} failed (attempt {}), retrying at {}: {}",
          event.event().type(),
          event.instanceId(),
          event.attempts(),
          event.availableAt(),
          error);
    } else {
      listener.deadLettered(event.machine());
      LOG.warn(
          "{} on {} failed ({}, attempt {}) and went to the dead letters: {}",
          event.event().type(),
          event.instanceId(),
          failure.retryable ? "no retries left" : "not retryable",
          event.attempts(),
          error);
    }
  }

  /**
   * A failed attempt as its turn settled it.
   *
   * @param settled the event with the attempt's error, as it was put back or dead-lettered
   * @param retried true when it was put back for a retry, false when it went to the dead letters
   */
  private record Failure(Turn turn, QueuedEvent settled, boolean retryable, boolean retried) {}

  private record Timing(String machine, Duration waited, Duration took) {}

  /** Who hears about each event processed (metrics). */
  public void listen(QueueListener heard) {
    this.listener = heard == null ? QueueListener.NONE : heard;
  }
}
