package dev.clockwork.postgres.internal;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.logging.Logger;
import javax.sql.DataSource;
import org.junit.jupiter.api.Test;

/** The listening connection while the database does not answer. */
class WorkSignalTest {

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
