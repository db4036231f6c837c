package dev.clockwork.server.http;

import java.time.Duration;
import java.util.Objects;
import org.eclipse.jetty.server.Connector;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;
import org.eclipse.jetty.server.handler.EagerContentHandler;
import org.eclipse.jetty.server.handler.MinimumDataRateHandler;
import org.eclipse.jetty.server.handler.QoSHandler;
import org.eclipse.jetty.util.component.LifeCycle;

/**
 * What keeps slow or many clients from starving the others: a request's body is read before a
 * thread is given to it (so a client that trickles its body holds a connection, never a thread), a
 * body arriving slower than {@code minRequestRate} bytes a second is cut off, and at most {@code
 * maxRequests} requests are handled at once — the next ones wait up to {@code queueWait} for a
 * turn, then get a 503. The live stream is not counted: it is held open on purpose. A connection on
 * which nothing arrives for {@code idleTimeout} is closed — one that sends nothing, and one stalled
 * in the middle of its request line or headers. Headers are parsed without a thread, so a client
 * trickling them holds a connection only, and at most 8 KB of headers are read before a 431.
 *
 * @param minRequestRate the slowest body accepted, in bytes a second
 * @param maxRequests requests handled at once
 * @param queueWait how long a request beyond {@code maxRequests} waits before its 503
 * @param idleTimeout how long a connection may stay silent before it is closed
 */
public record TransportLimits(
    long minRequestRate, int maxRequests, Duration queueWait, Duration idleTimeout) {
  /** 256 bytes a second, 200 requests at once, 5 seconds of waiting, 30 seconds of silence. */
  public static final TransportLimits DEFAULT =
      new TransportLimits(256, 200, Duration.ofSeconds(5), Duration.ofSeconds(30));

  /** The live stream's path, left out of {@code maxRequests}. */
  static final String STREAM = "/api/stream";

  public TransportLimits {
    Objects.requireNonNull(queueWait, "queueWait");
    Objects.requireNonNull(idleTimeout, "idleTimeout");
    if (minRequestRate < 1) {
      throw new IllegalArgumentException(
          "the minimum request rate must be 1 byte a second or more, not " + minRequestRate);
    }
    if (maxRequests < 1) {
      throw new IllegalArgumentException(
          "the requests handled at once must be 1 or more, not " + maxRequests);
    }
    if (queueWait.isNegative()) {
      throw new IllegalArgumentException("the queue wait must not be negative: " + queueWait);
    }
    if (idleTimeout.toMillis() < 1) {
      throw new IllegalArgumentException(
          "the idle timeout must be 1 millisecond or more, not " + idleTimeout);
    }
  }

  /** These limits with the default idle timeout. */
  public TransportLimits(long minRequestRate, int maxRequests, Duration queueWait) {
    this(minRequestRate, maxRequests, queueWait, DEFAULT.idleTimeout());
  }

  /** These limits with another idle timeout. */
  public TransportLimits withIdleTimeout(Duration value) {
    return new TransportLimits(minRequestRate, maxRequests, queueWait, value);
  }

  /**
   * Puts the limits in front of whatever handler the server is given next (Javalin attaches its
   * servlet context inside the innermost wrapper), and sets the idle timeout on the connectors the
   * server starts with (Javalin adds its connector after this runs).
   */
  public void install(Server server) {
    QoSHandler inFlight = new QoSHandler();
    inFlight.setMaxRequestCount(maxRequests);
    inFlight.setMaxSuspend(queueWait);
    inFlight.excludePath(STREAM);
    EagerContentHandler bodyFirst = new EagerContentHandler(inFlight);
    server.setHandler(new MinimumDataRateHandler(bodyFirst, minRequestRate, 0));
    server.addEventListener(
        new LifeCycle.Listener() {
          @Override
          public void lifeCycleStarting(LifeCycle event) {
            for (Connector connector : server.getConnectors()) {
              if (connector instanceof ServerConnector network) {
                network.setIdleTimeout(idleTimeout.toMillis());
              }
            }
          }
        });
  }
}
