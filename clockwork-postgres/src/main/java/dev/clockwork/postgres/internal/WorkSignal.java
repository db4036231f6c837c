package dev.clockwork.postgres.internal;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.locks.ReentrantLock;
import javax.sql.DataSource;
import org.postgresql.PGConnection;
import org.postgresql.PGNotification;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Waits for work with {@code LISTEN} on one connection for every channel (instance work on {@code
 * clockwork_work}, region jobs on {@code clockwork_jobs}): a hint, never a promise — callers poll
 * as well. A waiter waits for one channel, and a notification on another does not end its wait. One
 * waiting thread at a time reads the listening connection (in slices of at most {@value
 * #SLICE_MILLIS} ms: a socket read does not see an interrupt, and a stopping engine interrupts its
 * idle workers — slices of a second kept every engine's stop waiting up to a second) and counts
 * what it read per channel; the others wait for it to report. Without a connection (the database
 * restarting), a wait simply lasts its full time and the next one reconnects.
 */
public final class WorkSignal implements AutoCloseable {
  private static final Logger LOG = LoggerFactory.getLogger(WorkSignal.class);
  static final long SLICE_MILLIS = 100;

  private final DataSource dataSource;
  private final List<String> channels;
  private final ReentrantLock listening = new ReentrantLock();
  private final Object monitor = new Object();
  private final Map<String, Long> signals = new HashMap<>();
  private Connection connection;
  private volatile boolean closed;

  /** Listens on {@code channels} (plain identifiers), once the first wait needs it. */
  public WorkSignal(DataSource dataSource, String... channels) {
    this.dataSource = dataSource;
    this.channels = List.of(channels);
    for (String channel : this.channels) {
      if (!channel.matches("[a-z_]+")) {
        throw new IllegalArgumentException("not a plain channel name: '" + channel + "'");
      }
      signals.put(channel, 0L);
    }
  }

  /** Returns when a notification on {@code channel} arrives or {@code max} has passed. */
  public void await(String channel, Duration max) throws InterruptedException {
    if (!signals.containsKey(channel)) {
      throw new IllegalArgumentException(
          "not listening on '" + channel + "'; the channels are " + channels);
    }
    long deadline = System.nanoTime() + max.toNanos();
    long seen;
    synchronized (monitor) {
      seen = signals.get(channel);
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
        Set<String> signalled;
        try {
          signalled = listen(slice, remaining);
        } finally {
          listening.unlock();
        }
        synchronized (monitor) {
          signalled.forEach(c -> signals.merge(c, 1L, Long::sum));
          monitor.notifyAll();
          if (signals.get(channel) != seen) {
            return;
          }
        }
      } else {
        synchronized (monitor) {
          if (signals.get(channel) == seen) {
            monitor.wait(slice);
          }
          if (signals.get(channel) != seen) {
            return;
          }
        }
      }
    }
  }

  /**
   * Reads the listening connection for up to {@code millis}; the channels notified. Without a
   * connection, waits out the rest of the wait ({@code remaining}) before the next attempt, so an
   * outage costs a connection attempt and a warning per wait, not per slice.
   */
  private Set<String> listen(long millis, long remaining) throws InterruptedException {
    try {
      if (connection == null) {
        connection = connect();
      }
      PGNotification[] received =
          connection.unwrap(PGConnection.class).getNotifications((int) Math.max(1, millis));
      if (closed) {
        disconnect();
      }
      Set<String> notified = new HashSet<>();
      if (received != null) {
        for (PGNotification notification : received) {
          if (channels.contains(notification.getName())) {
            notified.add(notification.getName());
          }
        }
      }
      return notified;
    } catch (SQLException e) {
      LOG.warn("cannot listen for work ({}); polling until the database answers", e.getMessage());
      disconnect();
      Thread.sleep(remaining);
      return Set.of();
    }
  }

  private Connection connect() throws SQLException {
    Connection listener = dataSource.getConnection();
    try {
      listener.setAutoCommit(true);
      try (Statement listen = listener.createStatement()) {
        for (String channel : channels) {
          listen.execute("LISTEN " + channel);
        }
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
