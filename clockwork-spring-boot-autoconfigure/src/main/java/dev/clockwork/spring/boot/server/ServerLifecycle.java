package dev.clockwork.spring.boot.server;

import dev.clockwork.server.ClockworkServer;
import dev.clockwork.spring.boot.lifecycle.EngineLifecycle;
import java.net.BindException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.SmartLifecycle;

/**
 * Starts Clockwork's HTTP server once the engine's workers run and stops it, with the context,
 * before they stop: no request reaches an engine that is shutting down. A port already in use stops
 * the start naming the property to change.
 */
public final class ServerLifecycle implements SmartLifecycle {
  /** Above the engine's phase: started after its workers, stopped before them. */
  public static final int PHASE = EngineLifecycle.PHASE + 1024;

  private static final Logger LOG = LoggerFactory.getLogger(ServerLifecycle.class);

  private final ClockworkServer server;
  private final String host;
  private final int port;
  private boolean running;

  /**
   * @param server the server, built and not yet listening
   * @param host the interface it was built for, for the messages
   * @param port the port it was built for, for the messages
   */
  public ServerLifecycle(ClockworkServer server, String host, int port) {
    this.server = server;
    this.host = host;
    this.port = port;
  }

  @Override
  public synchronized void start() {
    if (running) {
      return;
    }
    try {
      server.start();
    } catch (RuntimeException e) {
      for (Throwable cause = e; cause != null; cause = cause.getCause()) {
        if (cause instanceof BindException) {
          throw new ServerStartException(
              "Clockwork's HTTP server cannot listen on "
                  + host
                  + ":"
                  + port
                  + " ("
                  + cause.getMessage()
                  + ")",
              "set clockwork.server.port to a free port (Spring's own web server takes 8080 unless"
                  + " server.port says otherwise; 0 picks any free port)",
              e);
        }
      }
      throw e;
    }
    running = true;
    LOG.info("Clockwork HTTP API and dashboard on {}/dashboard/", server.url());
  }

  @Override
  public synchronized void stop() {
    if (running) {
      running = false;
      server.close();
    }
  }

  @Override
  public synchronized boolean isRunning() {
    return running;
  }

  @Override
  public int getPhase() {
    return PHASE;
  }

  /** The server, listening once the context has started. */
  public ClockworkServer server() {
    return server;
  }
}
