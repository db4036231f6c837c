package dev.clockwork.postgres;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import dev.clockwork.core.ClockworkException;
import java.io.PrintWriter;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.time.Duration;
import java.util.logging.Logger;
import java.util.regex.Pattern;
import javax.sql.DataSource;

/** Connection pools the store owns, and how it names a database in messages. */
final class Pools {
  private static final Pattern PASSWORD_PARAMETER = Pattern.compile("(?i)([?&;]password=)[^&;]*");
  private static final Pattern USER_INFO = Pattern.compile("//([^/:@]*):[^/@]*@");

  private Pools() {}

  /**
   * A HikariCP pool, connected at once so a wrong URL or password fails here, clearly; {@code
   * initSql} runs on every new connection. A read on its connections that waits longer than {@code
   * socketTimeout} (zero: forever) fails and closes the connection, unless the URL sets pgjdbc's
   * {@code socketTimeout} itself.
   */
  static HikariDataSource open(
      String url, String user, String password, int size, String initSql, Duration socketTimeout) {
    HikariConfig config = new HikariConfig();
    // pgjdbc's socketTimeout is in whole seconds; a URL parameter of the same name wins
    config.addDataSourceProperty(
        "socketTimeout", String.valueOf((socketTimeout.toMillis() + 999) / 1000));
    config.setConnectionInitSql(initSql);
    config.setPoolName("clockwork");
    config.setJdbcUrl(url);
    config.setUsername(user);
    config.setPassword(password);
    config.setMaximumPoolSize(size);
    config.setTransactionIsolation("TRANSACTION_READ_COMMITTED");
    try {
      return new HikariDataSource(config);
    } catch (RuntimeException e) {
      throw new ClockworkException(
          "cannot connect to PostgreSQL at "
              + redact(url)
              + (user == null ? "" : " as '" + user + "'")
              + ": "
              + rootMessage(e),
          e);
    }
  }

  /** The statement that sets the store's session timeouts on a new connection (0 turns one off). */
  static String sessionSettings(Duration lockTimeout, Duration idleInTransactionTimeout) {
    return "SET lock_timeout = '"
        + lockTimeout.toMillis()
        + "ms'; SET idle_in_transaction_session_timeout = '"
        + idleInTransactionTimeout.toMillis()
        + "ms'";
  }

  /**
   * {@code pool}'s connections with no socket timeout: for the migrations, whose statements may
   * rightly run for long on large tables. The pool restores its timeout when they come back.
   */
  static DataSource withoutSocketTimeout(DataSource pool) {
    return new WithoutSocketTimeout(pool);
  }

  /** A DataSource whose connections read without a timeout; everything else is the pool's. */
  private static final class WithoutSocketTimeout implements DataSource {
    private final DataSource pool;

    WithoutSocketTimeout(DataSource pool) {
      this.pool = pool;
    }

    @Override
    public Connection getConnection() throws SQLException {
      return withoutTimeout(pool.getConnection());
    }

    @Override
    public Connection getConnection(String username, String password) throws SQLException {
      return withoutTimeout(pool.getConnection(username, password));
    }

    private static Connection withoutTimeout(Connection connection) throws SQLException {
      try {
        connection.setNetworkTimeout(Runnable::run, 0);
        return connection;
      } catch (SQLException | RuntimeException e) {
        connection.close();
        throw e;
      }
    }

    @Override
    public PrintWriter getLogWriter() throws SQLException {
      return pool.getLogWriter();
    }

    @Override
    public void setLogWriter(PrintWriter out) throws SQLException {
      pool.setLogWriter(out);
    }

    @Override
    public void setLoginTimeout(int seconds) throws SQLException {
      pool.setLoginTimeout(seconds);
    }

    @Override
    public int getLoginTimeout() throws SQLException {
      return pool.getLoginTimeout();
    }

    @Override
    public Logger getParentLogger() throws SQLFeatureNotSupportedException {
      return pool.getParentLogger();
    }

    @Override
    public <T> T unwrap(Class<T> type) throws SQLException {
      return pool.unwrap(type);
    }

    @Override
    public boolean isWrapperFor(Class<?> type) throws SQLException {
      return pool.isWrapperFor(type);
    }
  }

  /** The URL without its password, if it carries one. */
  static String redact(String url) {
    String withoutParameter = PASSWORD_PARAMETER.matcher(url).replaceAll("$1***");
    return USER_INFO.matcher(withoutParameter).replaceAll("//$1:***@");
  }

  /** How messages name a DataSource the user gave: its URL (redacted) when it answers. */
  static String describe(DataSource dataSource) {
    try (Connection connection = dataSource.getConnection()) {
      return redact(connection.getMetaData().getURL());
    } catch (SQLException | RuntimeException e) {
      return "the given " + dataSource.getClass().getSimpleName();
    }
  }

  private static String rootMessage(Throwable e) {
    Throwable root = e;
    while (root.getCause() != null && root.getCause() != root) {
      root = root.getCause();
    }
    return root.getMessage() == null ? root.getClass().getSimpleName() : root.getMessage();
  }
}
