package dev.clockwork.server.api;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.clockwork.runtime.Engine;
import dev.clockwork.runtime.Namespace;
import dev.clockwork.schedule.Schedules;
import dev.clockwork.server.access.AccessPolicy;
import dev.clockwork.server.access.Namespaces;
import dev.clockwork.server.callback.Callbacks;
import io.javalin.http.Context;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import java.time.Clock;
import java.util.Objects;
import java.util.Optional;

/**
 * What the route modules work with: the engine (its clock, machines, instances and queues), the
 * schedules and the callbacks when the server has them, the access policy, the API's JSON mapper
 * and the Prometheus registry {@code /metrics} scrapes, when the server has one.
 */
public record ServerContext(
    Engine engine,
    Schedules schedules,
    AccessPolicy access,
    ObjectMapper json,
    PrometheusMeterRegistry metrics,
    Callbacks callbacks) {
  public ServerContext {
    Objects.requireNonNull(engine, "engine");
    Objects.requireNonNull(access, "access");
    Objects.requireNonNull(json, "json");
  }

  /** A context without a metrics registry or callbacks. */
  public ServerContext(Engine engine, Schedules schedules, AccessPolicy access, ObjectMapper json) {
    this(engine, schedules, access, json, null, null);
  }

  /**
   * The namespace the request acts in ({@link Namespaces#of}), as the engine's view of it: the
   * request's instances, events, dead letters, timers and audit, and none of another namespace's.
   */
  public Namespace namespace(Context ctx) {
    return engine.namespace(Namespaces.of(ctx));
  }

  /** The engine's clock: the one "now" every route uses. */
  public Clock clock() {
    return engine.clock();
  }

  /** The callbacks of queued events, if this server was given callback options. */
  public Optional<Callbacks> maybeCallbacks() {
    return Optional.ofNullable(callbacks);
  }

  /** The schedules, if this server was given them. */
  public Optional<Schedules> maybeSchedules() {
    return Optional.ofNullable(schedules);
  }
}
