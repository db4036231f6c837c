package dev.clockwork.server.http;

import java.io.EOFException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.TimeoutException;
import org.eclipse.jetty.io.EofException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Failures that are the client's, not the server's — a body cut off by the client or arriving too
 * slowly — told apart from the server's own, and logged as one line at most every {@link #EVERY}
 * with a count of the ones not logged, never a stack trace: anybody can cause them, without a
 * token, as often as they like.
 */
final class ClientErrors {
  private static final Logger LOG = LoggerFactory.getLogger(ClientErrors.class);

  /** The shortest time between two log lines. */
  static final Duration EVERY = Duration.ofSeconds(10);

  /** What went wrong, and the status it is answered with. */
  enum Kind {
    /** The body came slower than the minimum rate, or not at all before the idle timeout. */
    TOO_SLOW(408, "the request body arrived too slowly; send it at once"),
    /** The client closed the connection or ended the body early. */
    CUT_OFF(400, "the request body ended early");

    final int status;
    final String detail;

    Kind(int status, String detail) {
      this.status = status;
      this.detail = detail;
    }
  }

  private final Clock clock;
  private Instant lastLogged = Instant.MIN;
  private long notLogged;

  ClientErrors(Clock clock) {
    this.clock = clock;
  }

  /** The kind of client failure {@code e} is, or null when it is not one. */
  static Kind kindOf(Throwable e) {
    for (Throwable cause = e; cause != null; cause = cause.getCause()) {
      if (cause instanceof TimeoutException) {
        return Kind.TOO_SLOW;
      }
      if (cause instanceof EofException || cause instanceof EOFException) {
        return Kind.CUT_OFF;
      }
    }
    return null;
  }

  /**
   * Logs the failure as one line when the last line is {@link #EVERY} old, else counts it.
   *
   * @return whether a line was written
   */
  synchronized boolean log(Kind kind, String method, String path, Throwable e) {
    Instant now = clock.instant();
    if (Duration.between(lastLogged, now).compareTo(EVERY) < 0) {
      notLogged++;
      return false;
    }
    LOG.warn(
        "client error on {} {}: {} ({}){}",
        method,
        path,
        kind.detail,
        e.getMessage(),
        notLogged == 0 ? "" : "; " + notLogged + " more not logged since the last line");
    lastLogged = now;
    notLogged = 0;
    return true;
  }
}
