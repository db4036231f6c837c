package dev.clockwork.server;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.clockwork.runtime.Engine;
import dev.clockwork.schedule.Schedules;
import dev.clockwork.server.access.AccessFilter;
import dev.clockwork.server.access.AccessPolicy;
import dev.clockwork.server.access.Sessions;
import dev.clockwork.server.api.ApiRoutes;
import dev.clockwork.server.api.HealthRoutes;
import dev.clockwork.server.api.MachineRoutes;
import dev.clockwork.server.api.Router;
import dev.clockwork.server.api.ServerContext;
import dev.clockwork.server.api.audit.AuditRoutes;
import dev.clockwork.server.api.instance.EventRoutes;
import dev.clockwork.server.api.instance.HistoryRoutes;
import dev.clockwork.server.api.instance.InstanceRoutes;
import dev.clockwork.server.api.machine.DeployRoutes;
import dev.clockwork.server.api.machine.MachineVersionRoutes;
import dev.clockwork.server.api.machine.MigrationRoutes;
import dev.clockwork.server.api.metrics.MetricsRoutes;
import dev.clockwork.server.api.openapi.OpenApiRoutes;
import dev.clockwork.server.api.queue.DeadLetterRoutes;
import dev.clockwork.server.api.queue.QueueRoutes;
import dev.clockwork.server.api.queue.QueueView;
import dev.clockwork.server.api.retention.RetentionRoutes;
import dev.clockwork.server.api.schedule.ScheduleRoutes;
import dev.clockwork.server.api.timer.InstanceTimerRoutes;
import dev.clockwork.server.api.timer.TimerRoutes;
import dev.clockwork.server.callback.CallbackOptions;
import dev.clockwork.server.callback.Callbacks;
import dev.clockwork.server.dashboard.Dashboard;
import dev.clockwork.server.http.InputGuard;
import dev.clockwork.server.http.JsonMapping;
import dev.clockwork.server.http.Problems;
import dev.clockwork.server.http.RequestIds;
import dev.clockwork.server.http.TransportLimits;
import dev.clockwork.server.session.SessionRoutes;
import dev.clockwork.server.stream.StreamAccept;
import dev.clockwork.server.stream.StreamRoutes;
import io.javalin.Javalin;
import io.javalin.json.JavalinJackson;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Function;

/**
 * The HTTP API and the dashboard over one engine:
 *
 * <pre>{@code
 * ClockworkServer server = ClockworkServer.builder(engine)
 *     .schedules(schedules)
 *     .access(AccessPolicy.of(List.of(ApiToken.ofSecret("ops", secret, Role.OPERATOR, Set.of("*")))))
 *     .port(8080)
 *     .start();
 * }</pre>
 *
 * The server does not start or stop the engine: whoever built the engine owns it.
 */
public final class ClockworkServer implements AutoCloseable {
  private final Javalin app;
  private Router router;
  private final String host;
  private final int port;
  private final Callbacks callbacks;
  private final RetentionRoutes retention;
  private final StreamRoutes stream;

  private ClockworkServer(Builder builder) {
    this.callbacks =
        builder.callbacks == null ? null : new Callbacks(builder.engine, builder.callbacks);
    ServerContext context =
        new ServerContext(
            builder.engine,
            builder.schedules,
            builder.access,
            builder.json,
            builder.metrics,
            callbacks);
    AccessFilter access = new AccessFilter(builder.access, new Sessions(builder.engine.clock()));
    List<ApiRoutes> modules = new ArrayList<>(defaultRoutes(context, access));
    this.retention = new RetentionRoutes(context);
    modules.add(retention);
    this.stream =
        new StreamRoutes(context, () -> QueueView.all(context.engine()), access.sessions());
    modules.add(stream);
    for (Function<ServerContext, ApiRoutes> extra : builder.extraRoutes) {
      modules.add(extra.apply(context));
    }
    this.host = builder.host;
    this.port = builder.port;
    this.app =
        Javalin.create(
            config -> {
              config.jsonMapper(new JavalinJackson(builder.json, false));
              config.startup.showJavalinBanner = false;
              config.jetty.modifyServer(builder.limits::install);
              config.jetty.modifyServletContextHandler(StreamAccept::install);
              config.routes.before(RequestIds::of);
              config.routes.beforeMatched(access);
              config.routes.beforeMatched(new InputGuard());
              Problems.install(config.routes);
              Router router = new Router(config.routes);
              modules.forEach(module -> module.register(router));
              Dashboard.install(config);
              this.router = router;
            });
  }

  /** A builder for a server over {@code engine}. */
  public static Builder builder(Engine engine) {
    return new Builder(engine);
  }

  /** Starts listening; returns this server. */
  public ClockworkServer start() {
    app.start(host, port);
    if (callbacks != null) {
      callbacks.start();
    }
    return this;
  }

  /** The callbacks of queued events, when this server was given {@link CallbackOptions}. */
  public Optional<Callbacks> callbacks() {
    return Optional.ofNullable(callbacks);
  }

  /** The port listened on (the chosen one when built with port 0). */
  public int port() {
    return app.port();
  }

  /** The base URL, such as {@code http://127.0.0.1:8080}. */
  public String url() {
    return "http://" + (host.equals("0.0.0.0") ? "localhost" : host) + ":" + port();
  }

  /** Every route the server registered: method, path and least role. */
  public List<Router.Route> routes() {
    return router == null ? List.of() : router.routes();
  }

  @Override
  public void close() {
    stream.close(); // first: nothing writes to a stream once its server stops
    app.stop();
    retention.close();
    if (callbacks != null) {
      callbacks.close();
    }
  }

  private static List<ApiRoutes> defaultRoutes(ServerContext context, AccessFilter access) {
    return List.of(
        new HealthRoutes(context),
        new MachineRoutes(context),
        new MachineVersionRoutes(context),
        new DeployRoutes(context),
        new MigrationRoutes(context),
        new InstanceRoutes(context),
        new HistoryRoutes(context),
        new EventRoutes(context),
        new QueueRoutes(context),
        new DeadLetterRoutes(context),
        new TimerRoutes(context),
        new InstanceTimerRoutes(context),
        new ScheduleRoutes(context),
        new AuditRoutes(context),
        new MetricsRoutes(context),
        new OpenApiRoutes(context),
        new SessionRoutes(context.access(), access.sessions()));
  }

  /** Options of a server; build with {@link #start()} or {@link #build()}. */
  public static final class Builder {
    private final Engine engine;
    private Schedules schedules;
    private AccessPolicy access = AccessPolicy.none();
    private ObjectMapper json = JsonMapping.mapper();
    private PrometheusMeterRegistry metrics;
    private String host = "127.0.0.1";
    private int port = 8080;
    private CallbackOptions callbacks;
    private TransportLimits limits = TransportLimits.DEFAULT;
    private final List<Function<ServerContext, ApiRoutes>> extraRoutes = new ArrayList<>();

    private Builder(Engine engine) {
      this.engine = Objects.requireNonNull(engine, "engine");
    }

    /** The schedules the API manages (no schedule routes answer without them). */
    public Builder schedules(Schedules value) {
      this.schedules = value;
      return this;
    }

    /**
     * The registry {@code GET /metrics} scrapes; give the engine the same one ({@code
     * Engine.Builder.metrics(registry)}) so the queue metrics are in it. Without one, {@code
     * /metrics} answers 404.
     */
    public Builder metrics(PrometheusMeterRegistry value) {
      this.metrics = value;
      return this;
    }

    /** The tokens accepted; none by default, so every route that needs a token answers 401. */
    public Builder access(AccessPolicy value) {
      this.access = Objects.requireNonNull(value, "access");
      return this;
    }

    /**
     * How slow and how many clients are let in ({@link TransportLimits#DEFAULT} unless set): the
     * slowest request body accepted, the requests handled at once and how long the next ones wait.
     */
    public Builder limits(TransportLimits value) {
      this.limits = Objects.requireNonNull(value, "limits");
      return this;
    }

    /** The interface to listen on; {@code 127.0.0.1} by default, {@code 0.0.0.0} for all. */
    public Builder host(String value) {
      this.host = Objects.requireNonNull(value, "host");
      return this;
    }

    /** The port; 8080 by default, 0 for any free port. */
    public Builder port(int value) {
      if (value < 0 || value > 65535) {
        throw new IllegalArgumentException("port " + value + " is not a TCP port (0 to 65535)");
      }
      this.port = value;
      return this;
    }

    /**
     * Sends callbacks of queued events as {@code options} say (allow-list, secret, retries); off
     * without them. The server starts and stops the delivery worker with itself.
     */
    public Builder callbacks(CallbackOptions options) {
      this.callbacks = Objects.requireNonNull(options, "options");
      return this;
    }

    /** Adds a route module built from the server's context. */
    public Builder routes(Function<ServerContext, ApiRoutes> module) {
      extraRoutes.add(Objects.requireNonNull(module, "module"));
      return this;
    }

    /** The server, not yet listening. */
    public ClockworkServer build() {
      return new ClockworkServer(this);
    }

    /** The server, listening. */
    public ClockworkServer start() {
      return build().start();
    }
  }
}
