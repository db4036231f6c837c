package dev.clockwork.server.api.schedule;

import dev.clockwork.schedule.ScheduleDescription;
import dev.clockwork.schedule.ScheduleHistoryPage;
import dev.clockwork.schedule.Schedules;
import dev.clockwork.schedule.audit.ScheduleAuditEvent;
import dev.clockwork.schedule.definition.OverlapPolicy;
import dev.clockwork.schedule.outcome.BackfillResult;
import dev.clockwork.server.access.AccessFilter;
import dev.clockwork.server.access.Namespaces;
import dev.clockwork.server.access.Role;
import dev.clockwork.server.api.ApiRoutes;
import dev.clockwork.server.api.Router;
import dev.clockwork.server.api.ServerContext;
import dev.clockwork.server.api.audit.Audit;
import dev.clockwork.server.http.Bodies;
import dev.clockwork.server.http.Params;
import dev.clockwork.server.http.ProblemException;
import io.javalin.http.Context;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Schedules in the request's namespace ({@code X-Namespace}, default {@code default}): a schedule
 * of another namespace is a 404. Viewers read; operators pause, resume and trigger; admins create,
 * update, backfill and delete. Every command carries the caller's command context (principal,
 * request id, source {@code api}, reason) into the schedule's audit stream, and is recorded in the
 * operator log.
 */
public final class ScheduleRoutes implements ApiRoutes {
  private static final int MAX_UPCOMING = 100;

  private final ServerContext server;

  public ScheduleRoutes(ServerContext server) {
    this.server = server;
  }

  /** The body of pause, resume and delete: why, in the caller's words. */
  public record ReasonBody(String reason) {}

  /** The body of a backfill: the occurrences in [from, to) to trigger. */
  public record BackfillBody(Instant from, Instant to, String overlapPolicy) {}

  @Override
  public void register(Router router) {
    router.get("/api/schedules", Role.VIEWER, ctx -> ctx.json(maps(schedules(ctx, null).list())));
    router.post("/api/schedules", Role.ADMIN, this::create);
    router.get("/api/schedules/{id}", Role.VIEWER, this::describe);
    router.put("/api/schedules/{id}", Role.ADMIN, this::update);
    router.delete("/api/schedules/{id}", Role.ADMIN, this::delete);
    router.post("/api/schedules/{id}/pause", Role.OPERATOR, this::pause);
    router.post("/api/schedules/{id}/resume", Role.OPERATOR, this::resume);
    router.post("/api/schedules/{id}/trigger", Role.OPERATOR, this::trigger);
    router.post("/api/schedules/{id}/backfill", Role.ADMIN, this::backfill);
    router.get("/api/schedules/{id}/history", Role.VIEWER, this::history);
  }

  /** The schedules of the request's namespace, recording the caller with each command. */
  private Schedules schedules(Context ctx, String reason) {
    Schedules schedules =
        server
            .maybeSchedules()
            .orElseThrow(
                () ->
                    ProblemException.notFound(
                        "this server manages no schedules (build it with .schedules(...))"));
    return schedules
        .in(Namespaces.of(ctx, schedules.namespace()))
        .withContext(AccessFilter.caller(ctx).commandContext(reason));
  }

  private void create(Context ctx) {
    ScheduleBody body = Bodies.required(ctx, ScheduleBody.class);
    if (body.scheduleId() == null || body.spec() == null || body.action() == null) {
      throw ProblemException.badRequest(
          "a schedule needs schedule_id, spec and action, such as {\"schedule_id\": \"nightly\","
              + " \"spec\": {\"cron_expressions\": [\"0 2 * * *\"]}, \"action\": {\"machine\":"
              + " \"order\"}}");
    }
    Schedules schedules = schedules(ctx, null);
    ScheduleDescription created =
        schedules.createFromSpec(body.scheduleId(), body.spec(), body.action(), body::applyTo);
    audit(ctx, "schedule.create", created, Map.of());
    ctx.status(201).header("Location", "/api/schedules/" + created.scheduleId());
    ctx.json(created.toMap());
  }

  private void describe(Context ctx) {
    int upcoming = Params.intParam(ctx, "upcoming", 5, 0, MAX_UPCOMING);
    ctx.json(schedules(ctx, null).describe(ctx.pathParam("id"), upcoming).toMap());
  }

  private void update(Context ctx) {
    ScheduleBody body = Bodies.required(ctx, ScheduleBody.class);
    if (body.scheduleId() != null && !body.scheduleId().equals(ctx.pathParam("id"))) {
      throw ProblemException.badRequest(
          "schedule_id '"
              + body.scheduleId()
              + "' differs from the path's '"
              + ctx.pathParam("id")
              + "': a schedule's id cannot change; leave schedule_id out");
    }
    ScheduleDescription updated = schedules(ctx, null).update(ctx.pathParam("id"), body.update());
    audit(ctx, "schedule.update", updated, Map.of());
    ctx.json(updated.toMap());
  }

  private void pause(Context ctx) {
    String reason = reason(ctx);
    ScheduleDescription paused = schedules(ctx, reason).pause(ctx.pathParam("id"), reason);
    audit(ctx, "schedule.pause", paused, reasonDetails(reason));
    ctx.json(paused.toMap());
  }

  private void resume(Context ctx) {
    String reason = reason(ctx);
    ScheduleDescription resumed = schedules(ctx, reason).resume(ctx.pathParam("id"));
    audit(ctx, "schedule.resume", resumed, reasonDetails(reason));
    ctx.json(resumed.toMap());
  }

  private void delete(Context ctx) {
    String reason = reason(ctx);
    Schedules schedules = schedules(ctx, reason);
    ScheduleDescription deleted =
        reason == null
            ? schedules.delete(ctx.pathParam("id"))
            : schedules.delete(ctx.pathParam("id"), reason);
    audit(ctx, "schedule.delete", deleted, reasonDetails(reason));
    ctx.json(deleted.toMap());
  }

  private void trigger(Context ctx) {
    Schedules schedules = schedules(ctx, null);
    String runId = schedules.trigger(ctx.pathParam("id"));
    Map<String, Object> result = new LinkedHashMap<>();
    result.put("run_id", runId);
    result.put("skipped", runId == null);
    audit(ctx, "schedule.trigger", schedules.namespace(), ctx.pathParam("id"), result);
    ctx.json(result);
  }

  private void backfill(Context ctx) {
    BackfillBody body = Bodies.required(ctx, BackfillBody.class);
    if (body.from() == null || body.to() == null || !body.from().isBefore(body.to())) {
      throw ProblemException.badRequest(
          "a backfill needs from and to, from before to, such as {\"from\":"
              + " \"2026-11-01T00:00:00Z\", \"to\": \"2026-11-02T00:00:00Z\"}");
    }
    Schedules schedules = schedules(ctx, null);
    List<BackfillResult> results =
        body.overlapPolicy() == null
            ? schedules.backfill(ctx.pathParam("id"), body.from(), body.to())
            : schedules.backfill(
                ctx.pathParam("id"),
                body.from(),
                body.to(),
                OverlapPolicy.parse(body.overlapPolicy()));
    Map<String, Object> details = new LinkedHashMap<>();
    details.put("from", body.from().toString());
    details.put("to", body.to().toString());
    details.put("occurrences", results.size());
    audit(ctx, "schedule.backfill", schedules.namespace(), ctx.pathParam("id"), details);
    ctx.json(Map.of("results", results.stream().map(BackfillResult::toMap).toList()));
  }

  private void history(Context ctx) {
    int limit = Params.limit(ctx, 100, 500);
    long after = afterSequence(ctx);
    Schedules schedules = schedules(ctx, null);
    ScheduleHistoryPage page = schedules.history(ctx.pathParam("id"), limit, after);
    Map<String, Object> json = new LinkedHashMap<>();
    json.put("schedule_id", ctx.pathParam("id"));
    json.put("namespace", schedules.namespace());
    json.put("events", page.events().stream().map(ScheduleAuditEvent::toWire).toList());
    json.put("next_cursor", page.nextCursor());
    json.put("has_more", page.hasMore());
    ctx.json(json);
  }

  private void audit(
      Context ctx, String action, ScheduleDescription schedule, Map<String, Object> details) {
    audit(ctx, action, schedule.namespace(), schedule.scheduleId(), details);
  }

  private void audit(
      Context ctx,
      String action,
      String namespace,
      String scheduleId,
      Map<String, Object> details) {
    Audit.record(
        server.engine().namespace(namespace),
        ctx,
        action,
        "schedule:" + namespace + "/" + scheduleId,
        details);
  }

  private static String reason(Context ctx) {
    ReasonBody body = Bodies.optional(ctx, ReasonBody.class, new ReasonBody(null));
    return body.reason() == null || body.reason().isBlank() ? null : body.reason();
  }

  private static Map<String, Object> reasonDetails(String reason) {
    return reason == null ? Map.of() : Map.of("reason", reason);
  }

  private static long afterSequence(Context ctx) {
    String text = ctx.queryParam("after_sequence");
    if (text == null || text.isBlank()) {
      return 0;
    }
    try {
      long value = Long.parseLong(text.trim());
      if (value >= 0) {
        return value;
      }
    } catch (NumberFormatException e) {
      // the error below
    }
    throw ProblemException.badRequest(
        "after_sequence="
            + text
            + " is not allowed: give 0 or a previous page's next_cursor (a whole number)");
  }

  private static List<Map<String, Object>> maps(List<ScheduleDescription> schedules) {
    return schedules.stream().map(ScheduleDescription::toMap).toList();
  }
}
