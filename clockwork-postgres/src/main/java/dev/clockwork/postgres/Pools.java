package dev.clockwork.postgres;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import dev.clockwork.core.ClockworkException;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Duration;
import java.util.regex.Pattern;
import javax.sql.DataSource;

/** Connection pools the store owns, and how it names a database in messages. */
final class Pools {
  private static final Pattern PASSWORD_PARAMETER = Pattern.compile("(?i)([?&;]password=)[^&;]*");
  private static final Pattern USER_INFO = Pattern.compile("//([^/:@]*):[^/@]*@");

  private Pools() {}

  /**
   * A HikariCP pool, connected at once so a wrong URL or password fails here, clearly; {@code
   * initSql} runs on every new connection.
   */
  static HikariDataSource open(String url, String user, String password, int size, String initSql) {
    HikariConfig config = new HikariConfig();
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
