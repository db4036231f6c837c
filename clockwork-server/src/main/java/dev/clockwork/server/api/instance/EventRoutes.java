package dev.clockwork.server.api.instance;

import dev.clockwork.core.ClockworkException;
import dev.clockwork.core.input.ReservedNameException;
import dev.clockwork.runtime.Namespace;
import dev.clockwork.runtime.SendResult;
import dev.clockwork.runtime.error.IdempotencyConflictException;
import dev.clockwork.runtime.error.InstanceBusyException;
import dev.clockwork.runtime.error.InvalidEventPayloadException;
import dev.clockwork.runtime.error.UnknownEventException;
import dev.clockwork.runtime.error.UnknownInstanceException;
import dev.clockwork.runtime.instance.NamespacedIds;
import dev.clockwork.runtime.queue.EventRequest;
import dev.clockwork.runtime.queue.EventStatus;
import dev.clockwork.runtime.queue.Priority;
import dev.clockwork.runtime.queue.QueuedEvent;
import dev.clockwork.server.access.AccessFilter;
import dev.clockwork.server.access.Caller;
import dev.clockwork.server.access.Role;
import dev.clockwork.server.api.ApiRoutes;
import dev.clockwork.server.api.Router;
import dev.clockwork.server.api.ServerContext;
import dev.clockwork.server.api.audit.Audit;
import dev.clockwork.server.callback.CallbackView;
import dev.clockwork.server.callback.Callbacks;
import dev.clockwork.server.http.ProblemException;
import dev.clockwork.server.http.Problems;
import io.javalin.http.Context;
import java.util.List;
import java.util.Map;

/**
 * {@code POST /api/instances/{id}/events}: sync by default (processed now, 200 with the new state
 * and the reply; 422 when the machine takes no transition for it or its action fails; 503 with
 * {@code Retry-After} when the instance stayed busy for the lock timeout), or queued ({@code
 * ?mode=queued} or {@code Prefer: respond-async}: validated now, queued with one store write, 202
 * with its id and a {@code Location}). An {@code Idempotency-Key} makes a retry safe; the same key
 * with another event is 409. {@code GET /api/instances/{id}/events/{event_id}}: where a queued
 * event is now.
 */
public final class EventRoutes implements ApiRoutes {
  private final ServerContext server;

  public EventRoutes(ServerContext server) {
    this.server = server;
  }

  @Override
  public void register(Router router) {
    router.post("/api/instances/{id}/events", Role.OPERATOR, this::send);
    router.get("/api/instances/{id}/events/{event_id}", Role.VIEWER, this::status);
  }

  private void send(Context ctx) {
    Caller caller = AccessFilter.caller(ctx);
    String instanceId = ctx.pathParam("id");
    SendMode mode = SendMode.of(ctx);
    String key = IdempotencyKeys.of(ctx);
    EventBody body = EventBody.read(ctx, server.json());
    Namespace tenant = server.namespace(ctx);
    if (mode == SendMode.QUEUED) {
      queue(ctx, tenant, caller, instanceId, body, key);
    } else {
      sendNow(ctx, tenant, caller, instanceId, body, key);
    }
  }

  private void queue(
      Context ctx, Namespace tenant, Caller caller, String instanceId, EventBody body, String key) {
    Callbacks callbacks = null;
    if (body.callbackUrl() != null) {
      callbacks =
          server
              .maybeCallbacks()
              .orElseThrow(
                  () ->
                      ProblemException.badRequest(
                          "callbacks are not configured on this server: send the event without"
                              + " callback_url and look it up at its Location"));
      callbacks.check(body.callbackUrl().toString());
    }
    String source = "api:" + caller.principal();
    QueuedEvent queued;
    try {
      queued =
          callbacks == null
              ? tenant.enqueue(
                  EventRequest.to(instanceId, body.event()).idempotencyKey(key).source(source))
              : callbacks.enqueue(
                  NamespacedIds.stored(tenant.name(), instanceId),
                  body.event(),
                  Priority.NORMAL,
                  key,
                  body.callbackUrl(),
                  caller.principal(),
                  source);
    } catch (UnknownInstanceException e) {
      throw new ProblemException(400, "unknown-instance", e.getMessage());
    } catch (ClockworkException e) {
      throw refusal(e);
    }
    // a queued send is recorded by the event itself (its source, api:<principal>, stays with it in
    // the queue, its history row and any dead letter): the hot path writes one row, not two
    if (ctx.queryParam("mode") == null) {
      ctx.header("Preference-Applied", "respond-async");
    }
    ctx.status(202).header("Location", EventViews.location(instanceId, queued.id()));
    // a replayed key answers with the first event, which may have been processed since
    String status =
        key == null
            ? "pending"
            : EventViews.stateName(tenant.instances().event(instanceId, queued.id()).state());
    ctx.json(EventViews.accepted(instanceId, queued.id(), status));
  }

  private void sendNow(
      Context ctx, Namespace tenant, Caller caller, String instanceId, EventBody body, String key) {
    if (body.callbackUrl() != null) {
      throw ProblemException.badRequest(
          "callback_url applies to queued events only: add ?mode=queued, or leave it out");
    }
    SendResult result;
    try {
      result = tenant.send(EventRequest.to(instanceId, body.event()).idempotencyKey(key));
    } catch (UnknownInstanceException e) {
      throw ProblemException.notFound(e.getMessage());
    } catch (InstanceBusyException e) {
      ctx.header("Retry-After", "1");
      throw new ProblemException(503, "instance-busy", e.getMessage());
    } catch (ClockworkException e) {
      ProblemException refused = refusal(e);
      Audit.record(
          tenant,
          ctx,
          "event.send",
          "instance:" + instanceId,
          Map.of("type", body.type(), "outcome", "refused: " + e.getMessage()));
      throw refused;
    }
    Audit.record(
        tenant,
        ctx,
        "event.send",
        "instance:" + instanceId,
        Map.of("type", body.type(), "outcome", result.handled() ? "handled" : "not taken"));
    if (!result.handled()) {
      throw ProblemException.unprocessable(
          "instance '"
              + instanceId
              + "' in "
              + result.instance().states()
              + " ("
              + InstanceViews.status(result.instance().status())
              + ") took no transition for '"
              + body.type()
              + "'; nothing changed");
    }
    ctx.json(EventViews.sent(result));
  }

  /** The problem for an event the engine refused: the sender's mistake (400, 409) or 422. */
  private static ProblemException refusal(ClockworkException e) {
    if (e instanceof InvalidEventPayloadException invalid) {
      return new ProblemException(400, "invalid-payload", e.getMessage(), invalid.errors());
    }
    if (e instanceof UnknownEventException) {
      return new ProblemException(400, "unknown-event", e.getMessage());
    }
    if (e instanceof ReservedNameException reserved) {
      return Problems.reserved(reserved);
    }
    if (e instanceof IdempotencyConflictException) {
      return new ProblemException(409, "idempotency-conflict", e.getMessage());
    }
    if (e.getClass() == ClockworkException.class) {
      // not a refusal but a failure (the store could not be reached, say): a 500 whose details go
      // to the log, never a 4xx a client would not retry, nor a message naming the database
      throw e;
    }
    return ProblemException.unprocessable("the event was refused: " + e.getMessage());
  }

  private void status(Context ctx) {
    String text = ctx.pathParam("event_id");
    long eventId;
    try {
      eventId = Long.parseLong(text);
    } catch (NumberFormatException e) {
      throw ProblemException.badRequest(
          "event id '" + text + "' is not a number: use the event_id a queued send answered");
    }
    String instanceId = ctx.pathParam("id");
    Namespace tenant = server.namespace(ctx);
    EventStatus status = tenant.instances().event(instanceId, eventId);
    String stored = NamespacedIds.stored(tenant.name(), instanceId);
    List<CallbackView> callbacks =
        server.maybeCallbacks().map(all -> all.deliveries(stored, eventId)).orElse(List.of());
    ctx.json(EventViews.status(status, callbacks));
  }
}
