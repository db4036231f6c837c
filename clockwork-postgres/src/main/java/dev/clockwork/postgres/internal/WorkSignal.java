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
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import javax.sql.DataSource;
import org.postgresql.PGConnection;
import org.postgresql.PGNotification;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Waits for work with {@code LISTEN} on one connection for every channel (instance work on {@code
 * clockwork_work}, region jobs on {@code clockwork_jobs}): a hint, never a promise — callers poll
 * as well. A waiter waits for one channel, and a notification on another does not end its wait.
 *
 * <p>The first wait connects and listens; then one reader thread reads the listening connection (in
 * slices of {@value #SLICE_MILLIS} ms, so it sees {@link #close} soon) and counts what it read per
 * channel. Waiters wait on those counts, so a stopping engine's interrupt ends a wait at once, and
 * a thread's wait ends at once when signals came since its previous wait ended (what arrived while
 * it claimed is not lost). {@link #poke} counts a signal of this process without the database: an
 * enqueue wakes its own engine's workers as soon as its commit returns rather than when
 * PostgreSQL's notification comes back (about a millisecond later on a busy two-core machine).
 * Without a connection (the database restarting), waits last their full time and the reader tries
 * again every {@value #RETRY_MILLIS} ms, warning once per outage.
 */
public final class WorkSignal implements AutoCloseable {
  private static final Logger LOG = LoggerFactory.getLogger(WorkSignal.class);
  static final long SLICE_MILLIS = 100;
  static final long RETRY_MILLIS = 1_000;

  private final DataSource dataSource;
  private final List<String> channels;
  private final Object monitor = new Object();
  private final Map<String, Long> signals = new HashMap<>();
  private final String own = UUID.randomUUID().toString();
  private final ThreadLocal<Map<String, Long>> seenBy = ThreadLocal.withInitial(HashMap::new);
  private Thread reader; // guarded by this
  private Connection connection; // the first wait's, then the reader's alone
  private boolean failing; // the first wait's, then the reader's alone
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

  /**
   * Returns when a signal on {@code channel} arrives or {@code max} has passed; at once when one
   * came since this thread's previous wait on it ended.
   */
  public void await(String channel, Duration max) throws InterruptedException {
    check(channel);
    long deadline = System.nanoTime() + max.toNanos();
    startReader();
    Map<String, Long> seen = seenBy.get();
    synchronized (monitor) {
      long last = seen.getOrDefault(channel, signals.get(channel));
      try {
        while (!closed && signals.get(channel) == last) {
          long remaining = deadline - System.nanoTime();
          if (remaining <= 0) {
            return;
          }
          TimeUnit.NANOSECONDS.timedWait(monitor, remaining);
        }
      } finally {
        seen.put(channel, signals.get(channel));
      }
    }
  }

  /**
   * The payload of the notifications this process pokes for: the reader does not count them again
   * when they come back.
   */
  public String own() {
    return own;
  }

  /** Wakes this process's waiters on {@code channel} as a notification on it would. */
  public void poke(String channel) {
    check(channel);
    synchronized (monitor) {
      signals.merge(channel, 1L, Long::sum);
      monitor.notifyAll();
    }
  }

  private void check(String channel) {
    if (!signals.containsKey(channel)) {
      throw new IllegalArgumentException(
          "not listening on '" + channel + "'; the channels are " + channels);
    }
  }

  /**
   * The first wait connects and listens itself (so the store listens once it returns), then starts
   * the reader.
   */
  private synchronized void startReader() {
    if (reader != null || closed) {
      return;
    }
    try {
      connection = connect();
    } catch (SQLException | RuntimeException e) {
      failed(e);
    }
    reader = new Thread(this::read, "clockwork-listener");
    reader.setDaemon(true);
    reader.start();
  }

  private void failed(Exception e) {
    if (!failing) {
      LOG.warn("cannot listen for work ({}); polling until the database answers", e.getMessage());
      failing = true;
    }
  }

  private void read() {
    boolean reading = connection != null || pause(); // the first wait's attempt failed
    while (reading && !closed) {
      Set<String> signalled;
      try {
        signalled = listen();
        if (failing) {
          LOG.info("listening for work again");
          failing = false;
        }
      } catch (SQLException | RuntimeException e) {
        failed(e);
        disconnect();
        reading = pause();
        continue;
      }
      if (!signalled.isEmpty()) {
        synchronized (monitor) {
          signalled.forEach(c -> signals.merge(c, 1L, Long::sum));
          monitor.notifyAll();
        }
      }
    }
    disconnect();
  }

  /** Reads the listening connection for up to a slice; the channels notified. */
  private Set<String> listen() throws SQLException {
    if (connection == null) {
      connection = connect();
    }
    PGNotification[] received =
        connection.unwrap(PGConnection.class).getNotifications((int) SLICE_MILLIS);
    Set<String> notified = new HashSet<>();
    if (received != null) {
      for (PGNotification notification : received) {
        if (channels.contains(notification.getName()) && !own.equals(notification.getParameter())) {
          notified.add(notification.getName());
        }
      }
    }
    return notified;
  }

  /**
   * Waits before the next connection attempt ({@link #close} or a poke ends it sooner); false when
   * interrupted (nothing but a JVM going down does that): the reader stops, and waits last their
   * full time.
   */
  private boolean pause() {
    synchronized (monitor) {
      if (!closed) {
        try {
          monitor.wait(RETRY_MILLIS);
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
          return false;
        }
      }
      return true;
    }
  }

  /**
   * A pooled connection listening on every channel, rid of what it had received before (a pooled
   * connection may have listened for an earlier store: what it kept is old news).
   */
  private Connection connect() throws SQLException {
    Connection listener = dataSource.getConnection();
    try {
      listener.setAutoCommit(true);
      try (Statement listen = listener.createStatement()) {
        for (String channel : channels) {
          listen.execute("LISTEN " + channel);
        }
      }
      listener.unwrap(PGConnection.class).getNotifications();
      return listener;
    } catch (SQLException | RuntimeException e) {
      listener.close();
      throw e;
    }
  }

  /** Gives the connection back to its pool, no longer listening. */
  private void disconnect() {
    if (connection != null) {
      try (Statement unlisten = connection.createStatement()) {
        unlisten.execute("UNLISTEN *");
      } catch (SQLException e) {
        LOG.debug("could not stop listening on the connection given back", e);
      }
      try {
        connection.close();
      } catch (SQLException e) {
        LOG.debug("closing the listening connection failed", e);
      }
      connection = null;
    }
  }

  /**
   * Stops listening: waits end, and the reader gives its connection back within a slice (this waits
   * for that, so the pool closing next finds it returned).
   */
  @Override
  public void close() {
    Thread running;
    synchronized (this) {
      closed = true;
      running = reader;
    }
    synchronized (monitor) {
      monitor.notifyAll();
    }
    if (running != null && running != Thread.currentThread()) {
      try {
        running.join(2 * SLICE_MILLIS + RETRY_MILLIS);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }
  }
}
