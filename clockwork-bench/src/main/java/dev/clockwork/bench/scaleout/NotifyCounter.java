package dev.clockwork.bench.scaleout;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import org.postgresql.PGConnection;
import org.postgresql.PGNotification;

/**
 * Listens on the engine's wake-up channel as a node's listener does and counts what arrives: every
 * listening node receives each of these, so wake-ups = received × nodes.
 */
final class NotifyCounter implements AutoCloseable {
  private static final String CHANNEL = "clockwork_work";

  private final Connection connection;
  private final AtomicLong received = new AtomicLong();
  private final AtomicBoolean open = new AtomicBoolean(true);
  private final Thread reader;

  NotifyCounter(String url, String user) throws SQLException {
    connection = DriverManager.getConnection(url, user, "");
    try (Statement listen = connection.createStatement()) {
      listen.execute("LISTEN " + CHANNEL);
    }
    reader = new Thread(this::read, "scaleout-notify-counter");
    reader.setDaemon(true);
    reader.start();
  }

  private void read() {
    try {
      PGConnection pg = connection.unwrap(PGConnection.class);
      while (open.get()) {
        PGNotification[] batch = pg.getNotifications(200);
        if (batch != null) {
          received.addAndGet(batch.length);
        }
      }
    } catch (SQLException e) {
      if (open.get()) {
        throw new IllegalStateException("listening for NOTIFYs failed: " + e.getMessage(), e);
      }
    }
  }

  /** Notifications received since the last {@link #reset}. */
  long received() {
    return received.get();
  }

  void reset() {
    received.set(0);
  }

  @Override
  public void close() throws SQLException {
    open.set(false);
    try {
      reader.join(5_000);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    connection.close();
  }
}
