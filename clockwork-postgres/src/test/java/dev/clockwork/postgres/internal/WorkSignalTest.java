package dev.clockwork.postgres.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import java.io.PrintWriter;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.logging.Logger;
import javax.sql.DataSource;
import org.junit.jupiter.api.Test;

/** Waits, pokes and the listening connection while the database does not answer. */
class WorkSignalTest {
  private static final String WORK = "clockwork_work";
  private static final String JOBS = "clockwork_jobs";

  @Test
  void aPokeEndsAWaitOnItsChannelWithoutTheDatabase() {
    try (WorkSignal signal = new WorkSignal(new Unreachable(), WORK, JOBS)) {
      CompletableFuture<Void> waiting =
          CompletableFuture.runAsync(
              () -> {
                try {
                  signal.await(WORK, Duration.ofMinutes(1));
                } catch (InterruptedException e) {
                  throw new IllegalStateException(e);
                }
              });
      await().during(Duration.ofMillis(200)).until(() -> !waiting.isDone());
      signal.poke(WORK);
      await().atMost(Duration.ofSeconds(10)).until(waiting::isDone);
    }
  }

  @Test
  void aPokeOnAnotherChannelDoesNotEndAWait() throws InterruptedException {
    long wait = 3 * WorkSignal.SLICE_MILLIS;
    try (WorkSignal signal = new WorkSignal(new Unreachable(), WORK, JOBS)) {
      signal.await(WORK, Duration.ofMillis(1));
      signal.poke(JOBS);
      long started = System.nanoTime();
      signal.await(WORK, Duration.ofMillis(wait));

      assertThat(Duration.ofNanos(System.nanoTime() - started))
          .isGreaterThanOrEqualTo(Duration.ofMillis(wait - 1));
    }
  }

  /** What came while a worker claimed, between two of its waits, is not lost: it ends the next. */
  @Test
  void aSignalSinceTheThreadsLastWaitEndsItsNextWaitAtOnce() {
    try (WorkSignal signal = new WorkSignal(new Unreachable(), WORK, JOBS)) {
      assertTimeoutPreemptively(
          Duration.ofSeconds(10),
          () -> {
            signal.await(WORK, Duration.ofMillis(1));
            signal.poke(WORK); // while this thread is not waiting
            signal.await(WORK, Duration.ofMinutes(1));
          });
    }
  }

  @Test
  void aWaitWithoutADatabaseTriesToConnectOnceNotOncePerSlice() throws InterruptedException {
    Unreachable database = new Unreachable();
    long wait = 5 * WorkSignal.SLICE_MILLIS;
    try (WorkSignal signal = new WorkSignal(database, "clockwork_work")) {
      long started = System.nanoTime();
      signal.await("clockwork_work", Duration.ofMillis(wait));

      assertThat(Duration.ofNanos(System.nanoTime() - started))
          .isGreaterThanOrEqualTo(Duration.ofMillis(wait - 1)); // it waited its time out, not less
      assertThat(database.attempts).hasValue(1); // one attempt (and one warning) for the wait
    }
  }

  /** A database that refuses every connection. */
  private static final class Unreachable implements DataSource {
    final AtomicInteger attempts = new AtomicInteger();

    @Override
    public Connection getConnection() throws SQLException {
      attempts.incrementAndGet();
      throw new SQLException("Connection refused");
    }

    @Override
    public Connection getConnection(String username, String password) throws SQLException {
      return getConnection();
    }

    @Override
    public PrintWriter getLogWriter() {
      return null;
    }

    @Override
    public void setLogWriter(PrintWriter out) {}

    @Override
    public void setLoginTimeout(int seconds) {}

    @Override
    public int getLoginTimeout() {
      return 0;
    }

    @Override
    public Logger getParentLogger() {
      return Logger.getGlobal();
    }

    @Override
    public <T> T unwrap(Class<T> iface) throws SQLException {
      throw new SQLException("not a wrapper");
    }

    @Override
    public boolean isWrapperFor(Class<?> iface) {
      return false;
    }
  }
}
