package dev.clockwork.server.api.queue;

import dev.clockwork.runtime.Engine;
import dev.clockwork.runtime.Namespace;
import dev.clockwork.runtime.error.UnknownDeadLetterException;
import dev.clockwork.runtime.instance.NamespacedIds;
import dev.clockwork.runtime.queue.QueuedEvent;
import dev.clockwork.server.access.Namespaces;
import dev.clockwork.server.access.Role;
import dev.clockwork.server.api.ApiRoutes;
import dev.clockwork.server.api.Router;
import dev.clockwork.server.api.ServerContext;
import dev.clockwork.server.api.audit.Audit;
import dev.clockwork.server.http.Bodies;
import dev.clockwork.server.http.Cursor;
import dev.clockwork.server.http.Page;
import dev.clockwork.server.http.Params;
import dev.clockwork.server.http.ProblemException;
import io.javalin.http.Context;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The dead letter queue: {@code GET /api/dead-letters?machine=&cursor=&limit=} (oldest first),
 * {@code GET /api/dead-letters/{id}} (a retried one: what it became), and for operators (each
 * audited) {@code POST /api/dead-letters/{id}/retry} {@code {delay?}}, {@code POST
 * /api/dead-letters/retry} {@code {machine, delay?}} and {@code DELETE
 * /api/dead-letters?machine=&older_than=}.
 */
public final class DeadLetterRoutes implements ApiRoutes {
  private static final int MAX_LIMIT = 500;

  private final ServerContext server;

  public DeadLetterRoutes(ServerContext server) {
    this.server = server;
  }

  /** The body of a retry: how long to wait before the event is processed again (none: now). */
  public record RetryBody(Duration delay) {}

  /** The body of a retry of a machine's every dead letter. */
  public record RetryAllBody(String machine, Duration delay) {}

  /** When the retried event becomes available. */
  /**
   * The answer to a retry: the new event, and under {@code links.event} where its status is (it
   * keeps the dead letter's attempt errors).
   */
  public record Retried(
      long eventId, String instanceId, Instant availableAt, Map<String, String> links) {}

  @Override
  public void register(Router router) {
    router.get("/api/dead-letters", Role.VIEWER, this::list);
    router.get("/api/dead-letters/{id}", Role.VIEWER, this::get);
    router.post("/api/dead-letters/retry", Role.OPERATOR, this::retryAll);
    router.post("/api/dead-letters/{id}/retry", Role.OPERATOR, this::retry);
    router.delete("/api/dead-letters", Role.OPERATOR, this::purge);
  }

  private Engine engine() {
    return server.engine();
  }

  private void list(Context ctx) {
    String machine = machineParam(ctx, false);
    int limit = Params.limit(ctx, 50, MAX_LIMIT);
    long after = afterId(ctx);
    List<DeadLetterView> fetched =
        server.namespace(ctx).deadLetters(machine, after, limit + 1).stream()
            .map(DeadLetterView::of)
            .toList();
    ctx.json(Page.of(fetched, limit, view -> Cursor.encode(Long.toString(view.id()))));
  }

  /**
   * One dead letter ({@code status: dead}); a retried one answers what it became ({@code status:
   * retried}, {@code links.event}) while its record lasts (the dead letter retention).
   */
  private void get(Context ctx) {
    long id = id(ctx);
    Namespace tenant = server.namespace(ctx);
    try {
      ctx.json(DeadLetterView.of(tenant.deadLetter(id)));
    } catch (UnknownDeadLetterException e) {
      ctx.json(RetriedView.of(tenant.retriedDeadLetter(id).orElseThrow(() -> e)));
    }
  }

  private void retry(Context ctx) {
    long id = id(ctx);
    RetryBody body = Bodies.optional(ctx, RetryBody.class, new RetryBody(null));
    Duration delay = Bodies.delay(body.delay());
    Namespace tenant = server.namespace(ctx);
    QueuedEvent event;
    try {
      event = tenant.retry(id, delay);
    } catch (UnknownDeadLetterException e) {
      RetriedView retried = RetriedView.of(tenant.retriedDeadLetter(id).orElseThrow(() -> e));
      throw ProblemException.conflict(
          "dead letter "
              + id
              + " was retried already: it is event "
              + retried.eventId()
              + " of instance "
              + retried.instanceId()
              + " now, at "
              + retried.links().get("event"));
    }
    Map<String, Object> details = new LinkedHashMap<>();
    details.put("delay", delay.toString());
    details.put("event_id", event.id());
    String instanceId = NamespacedIds.idOf(event.instanceId());
    details.put("instance_id", instanceId);
    details.put("machine", event.machine());
    Audit.record(tenant, ctx, "dead_letter.retry", "dead_letter:" + id, details);
    String location = RetriedView.eventPath(instanceId, event.id());
    ctx.header("Location", location);
    ctx.json(new Retried(event.id(), instanceId, event.availableAt(), Map.of("event", location)));
  }

  private void retryAll(Context ctx) {
    Namespaces.requireAll(ctx, "retrying a machine's every dead letter");
    RetryAllBody body = Bodies.required(ctx, RetryAllBody.class);
    if (body.machine() == null || body.machine().isBlank()) {
      throw ProblemException.badRequest(
          "name the machine whose dead letters to retry: {\"machine\": \"order\"}");
    }
    String machine = MachineNames.known(engine(), body.machine());
    Duration delay = Bodies.delay(body.delay());
    int retried = engine().admin().queues().retryAll(machine, delay);
    Audit.record(
        engine(),
        ctx,
        "dead_letter.retry_all",
        "queue:" + machine,
        Map.of("delay", delay.toString(), "retried", retried));
    ctx.json(Map.of("retried", retried));
  }

  private void purge(Context ctx) {
    Namespaces.requireAll(ctx, "purging a machine's dead letters");
    String machine = machineParam(ctx, true);
    Duration olderThan = Params.duration(ctx, "older_than", null);
    if (olderThan != null) {
      Bodies.bounded("older_than", olderThan);
    }
    int purged = engine().admin().queues().purgeDeadLetters(machine, olderThan);
    Map<String, Object> details = new LinkedHashMap<>();
    details.put("older_than", olderThan == null ? null : olderThan.toString());
    details.put("purged", purged);
    Audit.record(engine(), ctx, "dead_letter.purge", "queue:" + machine, details);
    ctx.json(Map.of("purged", purged));
  }

  private String machineParam(Context ctx, boolean required) {
    String machine = ctx.queryParam("machine");
    if (machine == null || machine.isBlank()) {
      if (required) {
        throw ProblemException.badRequest(
            "name the machine whose dead letters to purge: ?machine=order");
      }
      return null;
    }
    return MachineNames.known(engine(), machine.trim());
  }

  private static long id(Context ctx) {
    String text = ctx.pathParam("id");
    try {
      long id = Long.parseLong(text);
      if (id > 0) {
        return id;
      }
    } catch (NumberFormatException e) {
      // the error below
    }
    throw ProblemException.badRequest(
        "dead letter id '" + text + "' is not one: ids are positive whole numbers");
  }

  private static long afterId(Context ctx) {
    String position = Cursor.decode(ctx.queryParam("cursor"));
    if (position == null) {
      return 0;
    }
    try {
      return Long.parseLong(position);
    } catch (NumberFormatException e) {
      throw ProblemException.badRequest(
          "cursor=" + ctx.queryParam("cursor") + " is not a cursor of /api/dead-letters");
    }
  }
}
