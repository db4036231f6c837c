package dev.clockwork.server.stream;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.clockwork.server.access.Namespaces;
import dev.clockwork.server.access.Role;
import dev.clockwork.server.access.Sessions;
import dev.clockwork.server.api.ApiRoutes;
import dev.clockwork.server.api.Router;
import dev.clockwork.server.api.ServerContext;
import dev.clockwork.server.http.ProblemException;
import io.javalin.http.Context;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;

/**
 * {@code GET /api/stream} (viewers): server-sent {@code queues} events with the {@code /api/queues}
 * array whenever events are enqueued or processed, at most every {@link #INTERVAL}, and {@code
 * instance} events {@code {id}} for the instances of the request's namespace that changed; the
 * queues only to a caller whose token holds every namespace (they are every tenant's figures). A
 * stream naming a namespace its token does not hold gets one {@code error} event and ends. A stream
 * opened with the dashboard's session ends when that session does (logged out or expired); one
 * opened with a bearer token lasts as long as the server knows the token (its configuration).
 */
public final class StreamRoutes implements ApiRoutes, AutoCloseable {
  /** The least time between two pushes. */
  public static final Duration INTERVAL = Duration.ofMillis(500);

  private final LiveStream stream;
  private final Sessions sessions;
  private final ObjectMapper json;
  private final ScheduledThreadPoolExecutor executor;

  /**
   * A stream over the server's engine, pushing what {@code queues} returns as the queues array, to
   * callers authorised by a token or by one of {@code sessions}.
   */
  public StreamRoutes(ServerContext server, Supplier<?> queues, Sessions sessions) {
    this.sessions = sessions;
    this.json = server.json();
    ScheduledThreadPoolExecutor executor =
        new ScheduledThreadPoolExecutor(
            1,
            task -> {
              Thread thread = new Thread(task, "clockwork-stream");
              thread.setDaemon(true);
              return thread;
            });
    executor.setKeepAliveTime(10, TimeUnit.SECONDS);
    executor.allowCoreThreadTimeOut(true);
    this.executor = executor;
    this.stream =
        new LiveStream(
            server.engine(),
            queues,
            server.json(),
            INTERVAL,
            (task, delay) -> executor.schedule(task, delay.toNanos(), TimeUnit.NANOSECONDS));
    sessions.onClose(stream::closeEnded);
  }

  @Override
  public void register(Router router) {
    router.sse(
        "/api/stream",
        Role.VIEWER,
        client -> {
          client.keepAlive();
          Context ctx = client.ctx();
          String namespace;
          try {
            namespace = Namespaces.of(ctx);
          } catch (ProblemException refused) {
            // the stream's headers are out already: the refusal is its one event, then it ends
            client.sendEvent("error", refusal(refused));
            client.close();
            return;
          }
          stream.connect(
              client,
              new LiveStream.Watcher(authorisation(ctx), namespace, Namespaces.holdsAll(ctx)));
        });
  }

  private String refusal(ProblemException refused) {
    try {
      return json.writeValueAsString(
          Map.of("status", refused.status(), "detail", refused.getMessage()));
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("cannot write the stream's refusal", e);
    }
  }

  /** Ends every stream and stops pushing: the server is stopping. */
  @Override
  public void close() {
    stream.closeAll();
    executor.shutdownNow();
  }

  /** What keeps a stream authorised: its session staying open, or (a bearer token) nothing. */
  private BooleanSupplier authorisation(Context ctx) {
    String session = ctx.header("Authorization") == null ? ctx.cookie(Sessions.COOKIE) : null;
    return session == null ? () -> true : () -> sessions.find(session).isPresent();
  }
}
