package dev.clockwork.cli.serve;

import sun.misc.Signal;

/**
 * Stops a running session on Ctrl-C (SIGINT) or SIGTERM before the JVM begins its shutdown: the
 * embedded PostgreSQL library stops its database from a shutdown hook of its own, and hooks run all
 * at once, so a session stopped from a hook would close its workers against a database already
 * going away. Here the session is closed first (server, workers, leases, then the database), and
 * only then does the JVM exit.
 */
final class StopSignals {
  private StopSignals() {}

  /**
   * Closes {@code session} and exits on SIGINT or SIGTERM; a shutdown hook stays as the fallback.
   */
  static void install(ServeSession session, String name) {
    Runtime.getRuntime().addShutdownHook(new Thread(session::close, name + "-stop"));
    for (String signal : new String[] {"INT", "TERM"}) {
      try {
        Signal.handle(
            new Signal(signal),
            received -> {
              session.close();
              // how long each part took: a slow stop names the part that held it
              System.out.println(name + " stopped in " + session.stopTimes());
              System.out.flush();
              System.exit(0);
            });
      } catch (IllegalArgumentException unavailable) {
        // a JVM (or platform) that does not let us handle it keeps the shutdown hook alone
      }
    }
  }
}
