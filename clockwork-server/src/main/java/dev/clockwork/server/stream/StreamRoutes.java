package dev.clockwork.server.stream;

import dev.clockwork.server.access.Role;
import dev.clockwork.server.api.ApiRoutes;
import dev.clockwork.server.api.Router;
import dev.clockwork.server.api.ServerContext;
import java.time.Duration;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;

/**
 * {@code GET /api/stream} (viewers): server-sent {@code queues} events with the {@code /api/queues}
 * array whenever events are enqueued or processed, at most every {@link #INTERVAL}, and {@code
 * instance} events {@code {id}} for the instances that changed.
 */
public final class StreamRoutes implements ApiRoutes {
  /** The least time between two pushes. */
  public static final Duration INTERVAL = Duration.ofMillis(500);

  private final LiveStream stream;

  /** A stream over the server's engine, pushing what {@code queues} returns as the queues array. */
  public StreamRoutes(ServerContext server, Supplier<?> queues) {
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
    this.stream =
        new LiveStream(
            server.engine(),
            queues,
            server.json(),
            INTERVAL,
            (task, delay) -> executor.schedule(task, delay.toNanos(), TimeUnit.NANOSECONDS));
  }

  @Override
  public void register(Router router) {
    router.sse(
        "/api/stream",
        Role.VIEWER,
        client -> {
          client.keepAlive();
          stream.connect(client);
        });
  }
}
