package dev.clockwork.server.callback;

import dev.clockwork.runtime.Engine;
import dev.clockwork.runtime.error.UnknownEventIdException;
import dev.clockwork.runtime.error.UnknownInstanceException;
import dev.clockwork.runtime.instance.NamespacedIds;
import dev.clockwork.runtime.store.CallbackStore;
import dev.clockwork.runtime.store.callback.CallbackState;
import dev.clockwork.runtime.store.callback.DeliveryAttempt;
import dev.clockwork.runtime.store.callback.StoredCallback;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One pass of callback work, in the caller's thread: queue again the events of callbacks whose
 * enqueue was interrupted ({@link Recovery}), settle the waiting callbacks whose event reached an
 * outcome, then claim the due callbacks and POST them (a batch at once), recording each attempt.
 */
final class DeliveryRun {
  private static final Logger LOG = LoggerFactory.getLogger(DeliveryRun.class);
  private static final int BATCH = 20;

  private final Engine engine;
  private final CallbackOptions options;
  private final CallbackStore store;
  private final Outcomes outcomes;
  private final Recovery recovery;
  private final Sender sender;
  private final String owner;
  private final Wakeup wakeup;

  DeliveryRun(
      Engine engine,
      CallbackOptions options,
      Outcomes outcomes,
      Recovery recovery,
      Sender sender,
      String owner) {
    this.engine = engine;
    this.options = options;
    this.store = options.store();
    this.outcomes = outcomes;
    this.recovery = recovery;
    this.sender = sender;
    this.owner = owner;
    this.wakeup = options.wakeup();
  }

  /** Runs a full pass; returns the number of delivery attempts made. */
  int run() {
    return run(true);
  }

  /**
   * Runs a pass: a full one repairs interrupted registrations and looks at every waiting callback;
   * a woken one only at the callbacks of the events the listener heard of (unless it dropped some).
   */
  int run(boolean full) {
    List<Wakeup.Heard> heard = wakeup.drain();
    if (full || heard == null) {
      recovery.run();
      settleWaiting();
    } else {
      for (Wakeup.Heard event : heard) {
        store.waitingFor(event.instanceId(), event.eventId()).forEach(this::settle);
      }
    }
    int attempts = 0;
    while (true) {
      Instant now = engine.clock().instant();
      List<StoredCallback> claimed = store.claim(owner, now, now.plus(options.leaseTime()), BATCH);
      if (claimed.isEmpty()) {
        return attempts;
      }
      deliver(claimed);
      attempts += claimed.size();
    }
  }

  private void settleWaiting() {
    long after = 0;
    while (true) {
      List<StoredCallback> waiting = store.waiting(after, BATCH * 5);
      for (StoredCallback callback : waiting) {
        settle(callback);
        after = callback.id();
      }
      if (waiting.size() < BATCH * 5) {
        return;
      }
    }
  }

  private void settle(StoredCallback callback) {
    try {
      Optional<Outcomes.Settled> settled = outcomes.of(callback);
      settled.ifPresent(
          s -> store.settle(callback.id(), s.outcome(), s.body(), engine.clock().instant()));
    } catch (UnknownInstanceException | UnknownEventIdException e) {
      store.abandon(callback.id(), "its event is gone: " + e.getMessage());
    }
  }

  private void deliver(List<StoredCallback> claimed) {
    List<CompletableFuture<Void>> sends = new ArrayList<>();
    for (StoredCallback callback : claimed) {
      int attempt = callback.attempts() + 1;
      String deliveryId = "cwcb-" + callback.id();
      Optional<String> refusal = refusal(callback);
      if (refusal.isPresent()) {
        DeliveryAttempt refused =
            new DeliveryAttempt(attempt, deliveryId, engine.clock().instant(), null, refusal.get());
        store.record(callback.id(), owner, refused, CallbackState.FAILED, null);
        continue;
      }
      Delivery delivery = new Delivery(callback.url(), callback.body(), deliveryId, attempt);
      sends.add(sender.send(delivery).thenAccept(result -> record(callback, result)));
    }
    CompletableFuture.allOf(sends.toArray(CompletableFuture[]::new)).join();
  }

  private Optional<String> refusal(StoredCallback callback) {
    if (!options.allowHttp() && !"https".equalsIgnoreCase(callback.url().getScheme())) {
      return Optional.of("plain http callbacks are not allowed (CallbackOptions.allowHttp)");
    }
    return options.allowList().refusal(callback.url());
  }

  private void record(StoredCallback callback, DeliveryAttempt attempt) {
    CallbackState next;
    Instant nextAt = null;
    if (attempt.succeeded()) {
      next = CallbackState.DELIVERED;
    } else if (attempt.attempt() >= options.maxAttempts()) {
      next = CallbackState.FAILED;
      LOG.warn(
          "callback {} of event {} on '{}' to {} failed after {} attempts: {}",
          callback.id(),
          callback.eventId(),
          NamespacedIds.readable(callback.instanceId()),
          callback.url(),
          attempt.attempt(),
          attempt.error());
    } else {
      next = CallbackState.DUE;
      nextAt = attempt.at().plus(options.backoff().delayAfter(attempt.attempt()));
    }
    if (!store.record(callback.id(), owner, attempt, next, nextAt)) {
      LOG.warn("callback {}: lease lost while delivering; attempt not recorded", callback.id());
    }
  }
}
