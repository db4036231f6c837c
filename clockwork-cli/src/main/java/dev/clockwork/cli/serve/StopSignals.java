package dev.clockwork.cli.serve;

import java.io.PrintStream;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.IntConsumer;
import sun.misc.Signal;

/**
 * Stops a session on Ctrl-C (SIGINT) or SIGTERM before the JVM begins its shutdown: the embedded
 * PostgreSQL library stops its database from a shutdown hook of its own, and hooks run all at once,
 * so a session stopped from a hook would close its workers against a database already going away.
 * Here the session is closed first (server, workers, leases, then the database), and only then does
 * the JVM exit.
 *
 * <p>The handlers are installed before anything starts: a stop asked for while the database starts
 * or the examples are seeded is remembered, and the session is closed the moment it exists; asked
 * for twice before then, the process quits at once.
 */
final class StopSignals {
  /** The exit status of a process quit by a second Ctrl-C before it had started (128 + SIGINT). */
  static final int QUIT_BEFORE_STARTED = 130;

  /** What a stop closes: a running session. */
  interface Stoppable {
    void close();

    /** How long the close took, by part. */
    String stopTimes();
  }

  private final String name;
  private final PrintStream out;
  private final IntConsumer exit;
  private final CompletableFuture<Stoppable> session = new CompletableFuture<>();
  private final AtomicInteger requests = new AtomicInteger();

  StopSignals(String name, PrintStream out, IntConsumer exit) {
    this.name = name;
    this.out = out;
    this.exit = exit;
  }

  /** Handles SIGINT and SIGTERM from now on, before the session exists. */
  static StopSignals install(String name) {
    StopSignals signals = new StopSignals(name, System.out, System::exit);
    for (String signal : new String[] {"INT", "TERM"}) {
      try {
        // each signal is handled on a thread of its own, so a second one gets through while the
        // first waits for the start to finish
        Signal.handle(new Signal(signal), received -> signals.requested());
      } catch (IllegalArgumentException unavailable) {
        // a JVM (or platform) that does not let us handle it keeps the shutdown hook alone
      }
    }
    return signals;
  }

  /** The session is running: a stop closes it (and a shutdown hook stays as the fallback). */
  void started(ServeSession started) {
    Runtime.getRuntime().addShutdownHook(new Thread(started::close, name + "-stop"));
    started((Stoppable) started);
  }

  void started(Stoppable started) {
    session.complete(started);
  }

  /**
   * A stop was asked for: closes the session once it exists, then exits; a second request before it
   * exists quits at once, one while it closes changes nothing.
   */
  void requested() {
    int request = requests.incrementAndGet();
    if (!session.isDone()) {
      if (request > 1) {
        out.println(name + ": quitting before it started");
        out.flush();
        exit.accept(QUIT_BEFORE_STARTED);
        return;
      }
      out.println(name + ": stopping as soon as it has started (Ctrl-C again to quit now)");
      out.flush();
    } else if (request > 1) {
      return;
    }
    Stoppable running = session.join();
    running.close();
    // how long each part took: a slow stop names the part that held it
    out.println(name + " stopped in " + running.stopTimes());
    out.flush();
    exit.accept(0);
  }
}
