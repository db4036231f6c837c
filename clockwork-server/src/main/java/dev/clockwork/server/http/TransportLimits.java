package dev.clockwork.server.http;

import java.time.Duration;
import java.util.Objects;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.handler.EagerContentHandler;
import org.eclipse.jetty.server.handler.MinimumDataRateHandler;
import org.eclipse.jetty.server.handler.QoSHandler;

/**
 * What keeps slow or many clients from starving the others: a request's body is read before a
 * thread is given to it (so a client that trickles its body holds a connection, never a thread), a
 * body arriving slower than {@code minRequestRate} bytes a second is cut off, and at most {@code
 * maxRequests} requests are handled at once — the next ones wait up to {@code queueWait} for a
 * turn, then get a 503. The live stream is not counted: it is held open on purpose. Connections
 * idle for 30 seconds are closed (Jetty's default).
 *
 * @param minRequestRate the slowest body accepted, in bytes a second
 * @param maxRequests requests handled at once
 * @param queueWait how long a request beyond {@code maxRequests} waits before its 503
 */
public record TransportLimits(long minRequestRate, int maxRequests, Duration queueWait) {
  /** 256 bytes a second, 200 requests at once, 5 seconds of waiting. */
  public static final TransportLimits DEFAULT =
      new TransportLimits(256, 200, Duration.ofSeconds(5));

  /** The live stream's path, left out of {@code maxRequests}. */
  static final String STREAM = "/api/stream";

  public TransportLimits {
    Objects.requireNonNull(queueWait, "queueWait");
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
  }

  /**
   * Puts the limits in front of whatever handler the server is given next (Javalin attaches its
   * servlet context inside the innermost wrapper).
   */
  public void install(Server server) {
    QoSHandler inFlight = new QoSHandler();
    inFlight.setMaxRequestCount(maxRequests);
    inFlight.setMaxSuspend(queueWait);
    inFlight.excludePath(STREAM);
    EagerContentHandler bodyFirst = new EagerContentHandler(inFlight);
    server.setHandler(new MinimumDataRateHandler(bodyFirst, minRequestRate, 0));
  }
}
