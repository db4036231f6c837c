package dev.clockwork.server.callback;

import dev.clockwork.core.ClockworkException;
import dev.clockwork.core.event.Event;
import dev.clockwork.runtime.Engine;
import dev.clockwork.runtime.error.IdempotencyConflictException;
import dev.clockwork.runtime.error.InvalidEventPayloadException;
import dev.clockwork.runtime.error.UnknownEventException;
import dev.clockwork.runtime.error.UnknownInstanceException;
import dev.clockwork.runtime.instance.NamespacedIds;
import dev.clockwork.runtime.queue.EventRequest;
import dev.clockwork.runtime.queue.Priority;
import dev.clockwork.runtime.queue.QueuedEvent;
import dev.clockwork.runtime.store.CallbackStore;
import dev.clockwork.runtime.store.callback.NewCallback;
import dev.clockwork.runtime.store.callback.StoredCallback;
import dev.clockwork.server.http.JsonMapping;
import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.UUID;

/**
 * Callbacks of queued events over one engine: what the events route calls to queue an event with a
 * callback URL, the deliveries shown on an event, and the worker that POSTs outcomes. A server
 * given {@link CallbackOptions} builds one and starts and stops it with itself.
 *
 * <p>A callback is stored <em>before</em> its event is queued, keyed by the event's idempotency key
 * (the request's, or a fresh one), and bound to the event's id after; a request interrupted in
 * between is repaired by queueing again with the same key (see {@link Recovery}), so a 202 answered
 * for an event with a callback URL always leads to a delivery attempt.
 */
public final class Callbacks implements AutoCloseable {
  private final Engine engine;
  private final CallbackOptions options;
  private final CallbackStore store;
  private final UrlCheck urls;
  private final DeliveryRun run;
  private final DeliveryWorker worker;
  private final Sender sender;

  public Callbacks(Engine engine, CallbackOptions options) {
    this.engine = Objects.requireNonNull(engine, "engine");
    this.options = Objects.requireNonNull(options, "options");
    this.store = options.store();
    this.urls = new UrlCheck(options);
    String owner = "callbacks-" + UUID.randomUUID();
    this.sender =
        new Sender(options.timeout(), options.secret(), engine.clock(), options.allowList());
    this.run =
        new DeliveryRun(
            engine,
            options,
            new Outcomes(engine, JsonMapping.mapper()),
            new Recovery(engine, store),
            sender,
            owner);
    this.worker = new DeliveryWorker(run, options.wakeup(), options.pollInterval());
  }

  /**
   * Checks a {@code callback_url} a request gave: a 400 problem when it is not an absolute http(s)
   * URL, a 422 when its scheme or host is not allowed (naming the host and the allow-list).
   *
   * @return the URL
   */
  public URI check(String url) {
    return urls.check(url);
  }

  /** {@link #enqueue(String, Event, Priority, String, URI, String, String)} with source "api". */
  public QueuedEvent enqueue(
      String instanceId,
      Event event,
      Priority priority,
      String idempotencyKey,
      URI url,
      String principal) {
    return enqueue(instanceId, event, priority, idempotencyKey, url, principal, "api");
  }

  /**
   * Queues {@code event} for the instance with the stored id {@code instanceId} (as {@code
   * Engine.enqueue} does) with a callback to {@code url}: the callback is stored first, keyed by
   * {@code idempotencyKey} (a fresh key when null), so it survives a crash at any point.
   *
   * @param principal who sent it, recorded with the callback (may be null)
   * @param source what the queued event records as its source ({@code api:<principal>})
   */
  public QueuedEvent enqueue(
      String instanceId,
      Event event,
      Priority priority,
      String idempotencyKey,
      URI url,
      String principal,
      String source) {
    Objects.requireNonNull(event, "event");
    URI checked = urls.check(url.toString());
    String key = idempotencyKey != null ? idempotencyKey : "callback-" + UUID.randomUUID();
    StoredCallback callback =
        store.register(
            new NewCallback(
                instanceId,
                key,
                event.type(),
                event.payload(),
                priority,
                checked,
                principal,
                engine.clock().instant()));
    QueuedEvent queued;
    try {
      queued =
          engine
              .admin()
              .namespaceOfStoredId(instanceId)
              .enqueue(
                  EventRequest.to(NamespacedIds.idOf(instanceId), event)
                      .priority(priority)
                      .idempotencyKey(key)
                      .source(source));
    } catch (RuntimeException e) {
      // refused (unknown instance or event, a bad payload, a reused key): for good. Failed
      // otherwise (the database): the caller is told; without a key of its own its retry is a new
      // request, so this callback is given up too; with one, recovery binds it to the event the
      // retry (or the lost first attempt) queued.
      if (idempotencyKey == null || !(e instanceof ClockworkException) || isRefusal(e)) {
        store.abandon(callback.id(), "its event was refused: " + e.getMessage());
      }
      throw e;
    }
    if (callback.eventId() == 0) {
      store.bind(callback.id(), queued.id());
    }
    return queued;
  }

  private static boolean isRefusal(RuntimeException e) {
    return e instanceof UnknownInstanceException
        || e instanceof UnknownEventException
        || e instanceof InvalidEventPayloadException
        || e instanceof IdempotencyConflictException;
  }

  /** The callbacks of one event with their delivery attempts, oldest first. */
  public List<CallbackView> deliveries(String instanceId, long eventId) {
    return store.forEvent(instanceId, eventId).stream()
        .map(callback -> CallbackView.of(callback, store.attempts(callback.id())))
        .toList();
  }

  /**
   * Does the worker's work once, in this thread: repairs interrupted registrations, settles the
   * callbacks whose event reached an outcome, and makes every delivery attempt due at the engine
   * clock's instant (tests and cron-driven deployments).
   *
   * @return the number of delivery attempts made
   */
  public int runDue() {
    return run.run();
  }

  /** Starts the delivery worker thread. */
  public Callbacks start() {
    worker.start();
    return this;
  }

  /** Stops the worker, letting a pass in progress finish (up to the POST timeout and a second). */
  @Override
  public void close() {
    worker.stop(options.timeout().plus(Duration.ofSeconds(1)));
    sender.close();
  }
}
