package dev.clockwork.postgres.internal;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.concurrent.locks.ReentrantLock;
import javax.sql.DataSource;
import org.postgresql.PGConnection;
import org.postgresql.PGNotification;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Waits for work with {@code LISTEN clockwork_work}: a hint, never a promise — callers poll as
 * well. One waiting thread at a time reads the listening connection (in slices of at most a second,
 * so interrupts are seen); the others wait for it to report a notification. Without a connection
 * (the database restarting), a wait simply lasts its full time and the next one reconnects.
 */
public final class WorkSignal implements AutoCloseable {
  private static final Logger LOG = LoggerFactory.getLogger(WorkSignal.class);
  private static final long SLICE_MILLIS = 1000;

  private final DataSource dataSource;
  private final ReentrantLock listening = new ReentrantLock();
  private final Object monitor = new Object();
  private long signals;
  private Connection connection;
  private volatile boolean closed;

  public WorkSignal(DataSource dataSource) {
    this.dataSource = dataSource;
  }

  /** Returns when a notification arrives or {@code max} has passed. */
  public void await(Duration max) throws InterruptedException {
    long deadline = System.nanoTime() + max.toNanos();
    long seen;
    synchronized (monitor) {
      seen = signals;
    }
    while (!closed) {
      if (Thread.interrupted()) {
        throw new InterruptedException();
      }
      // rounded up, so even a wait of a millisecond reads the connection once
      long remaining = (deadline - System.nanoTime() + 999_999) / 1_000_000;
      if (remaining <= 0) {
        return;
      }
      long slice = Math.min(remaining, SLICE_MILLIS);
      if (listening.tryLock()) {
        boolean signalled;
        try {
          signalled = listen(slice);
        } finally {
          listening.unlock();
        }
        synchronized (monitor) {
          if (signalled) {
            signals++;
          }
          monitor.notifyAll();
          if (signals != seen) {
            return;
          }
        }
      } else {
        synchronized (monitor) {
          if (signals == seen) {
            monitor.wait(slice);
          }
          if (signals != seen) {
            return;
          }
        }
      }
    }
  }

  /** Reads the listening connection for up to {@code millis}; true when notified. */
  private boolean listen(long millis) throws InterruptedException {
    try {
      if (connection == null) {
        connection = connect();
      }
      PGNotification[] received =
          connection.unwrap(PGConnection.class).getNotifications((int) Math.max(1, millis));
      if (closed) {
        disconnect();
      }
      return received != null && received.length > 0;
    } catch (SQLException e) {
      LOG.warn("cannot listen for work ({}); polling until the database answers", e.getMessage());
      disconnect();
      Thread.sleep(millis);
      return false;
    }
  }

  private Connection connect() throws SQLException {
    Connection listener = dataSource.getConnection();
    try {
      listener.setAutoCommit(true);
      try (Statement listen = listener.createStatement()) {
        listen.execute("LISTEN clockwork_work");
      }
      return listener;
    } catch (SQLException e) {
      listener.close();
      throw e;
    }
  }

  private void disconnect() {
    if (connection != null) {
      try {
        connection.close();
      } catch (SQLException e) {
        LOG.debug("closing the listening connection failed", e);
      }
      connection = null;
    }
  }

  /** Stops listening; a wait in progress ends after its current slice. */
  @Override
  public void close() {
    closed = true;
    if (listening.tryLock()) {
      try {
        disconnect();
      } finally {
        listening.unlock();
      }
    }
    synchronized (monitor) {
      monitor.notifyAll();
    }
  }
}
