package dev.clockwork.server.api;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.clockwork.runtime.Engine;
import dev.clockwork.runtime.schedule.Schedules;
import dev.clockwork.server.access.AccessPolicy;
import dev.clockwork.server.callback.Callbacks;
import java.time.Clock;
import java.util.Objects;
import java.util.Optional;

/**
 * What the route modules work with: the engine (its clock, machines, instances and queues), the
 * schedules and the callbacks when the server has them, the access policy and the API's JSON
 * mapper.
 */
public record ServerContext(
    Engine engine,
    Schedules schedules,
    AccessPolicy access,
    ObjectMapper json,
    Callbacks callbacks) {
  public ServerContext {
    Objects.requireNonNull(engine, "engine");
    Objects.requireNonNull(access, "access");
    Objects.requireNonNull(json, "json");
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
