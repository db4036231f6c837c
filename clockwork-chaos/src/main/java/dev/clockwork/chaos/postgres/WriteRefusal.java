package dev.clockwork.chaos.postgres;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;

/**
 * Makes the run's PostgreSQL refuse every write, and accept writes again (F9): {@code ALTER SYSTEM
 * SET default_transaction_read_only = on} and a configuration reload, then every client session
 * ended ({@code pg_terminate_backend}): an idle session applies a reload only after the next
 * statement it receives (one more write would go through on each pooled connection), a new one
 * reads the setting as it starts. So every transaction that writes fails with SQLState 25006 — what
 * a managed PostgreSQL does when its disk fills up. Allowing writes again needs no ending: a
 * session refuses at most one more. The switch's own session sets the setting off for itself, so it
 * can always switch back.
 */
public final class WriteRefusal {
  private static final int CONFIRM_TRIES = 100;

  private final ChaosPostgres postgres;

  public WriteRefusal(ChaosPostgres postgres) {
    this.postgres = postgres;
  }

  /** Refuses writes; returns once a new session's transactions are read-only. */
  public String refuse() throws SQLException, InterruptedException {
    switchTo(true);
    String confirmed = confirm("on");
    int ended =
        postgres.terminateBackends("clockwork-chaos-worker")
            + postgres.terminateBackends("clockwork-chaos-orchestrator");
    return "ALTER SYSTEM SET default_transaction_read_only = on, reloaded, "
        + ended
        + " sessions ended: "
        + confirmed;
  }

  /**
   * Accepts writes again, trying for up to a minute while the database does not answer (another
   * fault may have stopped it); returns once a new session's transactions may write.
   */
  public String allow() throws InterruptedException {
    long deadline = System.nanoTime() + 60_000_000_000L;
    while (true) {
      try {
        switchTo(false);
        return "ALTER SYSTEM RESET default_transaction_read_only, reloaded: " + confirm("off");
      } catch (SQLException e) {
        if (System.nanoTime() > deadline) {
          throw new IllegalStateException("cannot allow writes again: " + e.getMessage(), e);
        }
        Thread.sleep(500);
      }
    }
  }

  private void switchTo(boolean readOnly) throws SQLException {
    try (Connection connection =
            DriverManager.getConnection(postgres.url("clockwork-chaos-faults"));
        Statement statement = connection.createStatement()) {
      statement.execute("SET default_transaction_read_only = off");
      statement.execute(
          readOnly
              ? "ALTER SYSTEM SET default_transaction_read_only = on"
              : "ALTER SYSTEM RESET default_transaction_read_only");
      statement.execute("SELECT pg_reload_conf()");
    }
  }

  /** Waits until a new session sees the setting at {@code expected} (a reload is asynchronous). */
  private String confirm(String expected) throws SQLException, InterruptedException {
    for (int i = 1; i <= CONFIRM_TRIES; i++) {
      try (Connection connection =
              DriverManager.getConnection(postgres.url("clockwork-chaos-faults"));
          Statement statement = connection.createStatement();
          ResultSet rs = statement.executeQuery("SHOW transaction_read_only")) {
        rs.next();
        if (rs.getString(1).equals(expected)) {
          return "a new transaction is read-only: " + expected;
        }
      }
      Thread.sleep(20);
    }
    throw new IllegalStateException(
        "default_transaction_read_only is not " + expected + " after the reload");
  }
}
