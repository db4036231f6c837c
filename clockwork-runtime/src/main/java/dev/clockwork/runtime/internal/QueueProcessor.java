package dev.clockwork.runtime.internal;

import dev.clockwork.core.behavior.NonRetryable;
import dev.clockwork.runtime.config.QueueConfig;
import dev.clockwork.runtime.metrics.QueueListener;
import dev.clockwork.runtime.queue.AttemptError;
import dev.clockwork.runtime.queue.Claim;
import dev.clockwork.runtime.queue.Lease;
import dev.clockwork.runtime.queue.QueuedEvent;
import dev.clockwork.runtime.queue.RetryPolicy;
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
 * the whole batch together. A failing event ends its instance's turn: the events before it are
 * committed, it is retried with backoff (holding back the events behind it) or dead-lettered.
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
      Failure failure = null;
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
          failure = new Failure(turn, event, e);
          break;
        }
      }
      completed.addAll(timings);
      commits.addAll(turn.commits(failure == null));
      turns.add(turn);
      if (failure != null) {
        failures.add(failure);
      }
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
        handle(failure, now);
      }
    }
    lost.forEach(
        id -> LOG.warn("lease on {} was lost before its commit; another worker has it", id));
    return processed;
  }

  private void handle(Failure failure, Instant now) {
    QueuedEvent event = failure.event;
    int attempt = event.attempts() + 1;
    AttemptError error = AttemptError.of(attempt, now, failure.error);
    RetryPolicy retry = queues.apply(event.machine()).retry();
    boolean retryable = !(failure.error instanceof NonRetryable);
    try {
      if (retryable && retry.allowsRetryAfter(attempt)) {
        Instant retryAt = now.plus(retry.delayAfter(attempt));
        store.retryLater(failure.turn.lease(), event.failed(error, retryAt));
        listener.failed(event.machine(), true);
        listener.retried(event.machine());
        LOG.info(
            "{} on {} failed (attempt {}), retrying at {}: {}",
            event.event().type(),
            event.instanceId(),
            attempt,
            retryAt,
            error.error());
      } else {
        store.deadLetter(
            failure.turn.lease(),
            event.failed(error, now).withConversationId(failure.turn.record().conversationId()),
            HistoryRows.failed(failure.turn.record(), event.event(), failure.error, now),
            now);
        emits.delegation().failed(event.instanceId(), error.error(), now).ifPresent(store::enqueue);
        listener.failed(event.machine(), retryable);
        listener.deadLettered(event.machine());
        LOG.warn(
            "{} on {} failed ({}, attempt {}) and went to the dead letters: {}",
            event.event().type(),
            event.instanceId(),
            retryable ? "no retries left" : "not retryable",
            attempt,
            error.error());
      }
    } finally {
      store.release(failure.turn.lease());
    }
  }

  private record Failure(Turn turn, QueuedEvent event, RuntimeException error) {}

  private record Timing(String machine, Duration waited, Duration took) {}

  /** Who hears about each event processed (metrics). */
  public void listen(QueueListener heard) {
    this.listener = heard == null ? QueueListener.NONE : heard;
  }
}
