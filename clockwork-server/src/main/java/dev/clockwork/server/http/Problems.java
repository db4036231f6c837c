package dev.clockwork.server.http;

import com.fasterxml.jackson.core.JacksonException;
import com.fasterxml.jackson.databind.exc.UnrecognizedPropertyException;
import dev.clockwork.core.InvalidDefinitionException;
import dev.clockwork.core.input.ReservedNameException;
import dev.clockwork.runtime.error.UnknownDeadLetterException;
import dev.clockwork.runtime.error.UnknownEventException;
import dev.clockwork.runtime.error.UnknownEventIdException;
import dev.clockwork.runtime.error.UnknownInstanceException;
import dev.clockwork.runtime.error.UnknownMachineException;
import dev.clockwork.schedule.definition.InvalidScheduleException;
import dev.clockwork.schedule.error.ConcurrentScheduleUpdateException;
import dev.clockwork.schedule.error.ScheduleDeletedException;
import dev.clockwork.schedule.error.ScheduleNotFoundException;
import dev.clockwork.schedule.store.DuplicateScheduleException;
import io.javalin.config.RoutesConfig;
import io.javalin.http.Context;
import io.javalin.http.HttpResponseException;
import java.time.Clock;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Turns every refusal into a problem+json body: {@link ProblemException}s as they are, the
 * runtime's "unknown" errors as 404, its argument checks and reserved names as 400, concurrent
 * updates as 409, and anything unexpected as a 500 whose detail carries the request id (the stack
 * trace goes to the log, never to the caller). A body the client cut off or sent too slowly is its
 * own failure: a 400 or 408, logged as one line at most every few seconds ({@link ClientErrors}).
 */
public final class Problems {
  private static final Logger LOG = LoggerFactory.getLogger(Problems.class);

  private Problems() {}

  /** Installs the handlers on {@code routes}. */
  public static void install(RoutesConfig routes) {
    routes.exception(ProblemException.class, (e, ctx) -> write(ctx, e));
    routes.exception(
        HttpResponseException.class,
        (e, ctx) ->
            write(ctx, new ProblemException(e.getStatus(), kindOf(e.getStatus()), e.getMessage())));
    routes.exception(UnknownInstanceException.class, (e, ctx) -> notFound(ctx, e));
    routes.exception(UnknownMachineException.class, (e, ctx) -> notFound(ctx, e));
    routes.exception(UnknownEventIdException.class, (e, ctx) -> notFound(ctx, e));
    routes.exception(ScheduleNotFoundException.class, (e, ctx) -> notFound(ctx, e));
    routes.exception(UnknownDeadLetterException.class, (e, ctx) -> notFound(ctx, e));
    routes.exception(
        DuplicateScheduleException.class,
        (e, ctx) -> write(ctx, ProblemException.conflict(e.getMessage())));
    routes.exception(
        InvalidScheduleException.class,
        (e, ctx) -> write(ctx, ProblemException.unprocessable(e.getMessage())));
    routes.exception(
        UnknownEventException.class,
        (e, ctx) -> write(ctx, new ProblemException(400, "unknown-event", e.getMessage())));
    routes.exception(ReservedNameException.class, (e, ctx) -> write(ctx, reserved(e)));
    routes.exception(
        ConcurrentScheduleUpdateException.class,
        (e, ctx) -> write(ctx, ProblemException.conflict(e.getMessage())));
    routes.exception(
        ScheduleDeletedException.class,
        (e, ctx) -> write(ctx, ProblemException.conflict(e.getMessage())));
    routes.exception(
        InvalidDefinitionException.class,
        (e, ctx) -> write(ctx, ProblemException.badRequest(e.getMessage())));
    routes.exception(UnrecognizedPropertyException.class, (e, ctx) -> write(ctx, unknownField(e)));
    routes.exception(
        JacksonException.class,
        (e, ctx) ->
            write(
                ctx,
                ProblemException.badRequest(
                    "the request body is not the JSON this endpoint takes: "
                        + JsonKinds.withoutJavaTypes(e.getOriginalMessage()))));
    routes.exception(
        IllegalArgumentException.class,
        (e, ctx) -> write(ctx, ProblemException.badRequest(e.getMessage())));
    ClientErrors clientErrors = new ClientErrors(Clock.systemUTC());
    routes.exception(
        Exception.class,
        (e, ctx) -> {
          ClientErrors.Kind client = ClientErrors.kindOf(e);
          if (client != null) {
            clientErrors.log(client, ctx.method().name(), ctx.path(), e);
            write(ctx, new ProblemException(client.status, kindOf(client.status), client.detail));
            return;
          }
          String requestId = RequestIds.of(ctx);
          LOG.error("request {} {} {} failed", requestId, ctx.method(), ctx.path(), e);
          write(
              ctx,
              new ProblemException(
                  500,
                  "internal",
                  "the server failed on this request; its log has the details under request id "
                      + requestId,
                  List.of()));
        });
    routes.error(
        404,
        ctx -> {
          if (ctx.result() == null || ctx.result().isEmpty()) {
            write(
                ctx,
                ProblemException.notFound("no endpoint at " + ctx.method() + " " + ctx.path()));
          }
        });
  }

  /** A body field the endpoint does not take: a 400 naming it and the fields it does take. */
  public static ProblemException unknownField(UnrecognizedPropertyException e) {
    return ProblemException.badRequest(
        "unknown field '"
            + e.getPropertyName()
            + "'; this endpoint takes "
            + e.getKnownPropertyIds().stream()
                .map(String::valueOf)
                .sorted()
                .collect(Collectors.joining(", ")));
  }

  /** A name the engine keeps for itself (an id form, an internal event): a 400 naming the rule. */
  public static ProblemException reserved(ReservedNameException e) {
    return new ProblemException(400, "reserved-name", e.getMessage());
  }

  /** Writes {@code e} as the response. */
  public static void write(Context ctx, ProblemException e) {
    ctx.status(e.status());
    ctx.json(Problem.of(e, ctx.path()));
    ctx.contentType(Problem.MEDIA_TYPE);
  }

  private static void notFound(Context ctx, Exception e) {
    write(ctx, ProblemException.notFound(e.getMessage()));
  }

  private static String kindOf(int status) {
    return Problem.titleOf(status).toLowerCase(Locale.ROOT).replace(' ', '-');
  }
}
