package dev.clockwork.cli.environment;

import dev.clockwork.cli.config.DatabaseSettings;
import dev.clockwork.cli.config.DevDatabaseFile;
import dev.clockwork.core.ClockworkException;
import dev.clockwork.postgres.PostgresStore;
import dev.clockwork.postgres.schema.ClockworkMigrations;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import javax.sql.DataSource;
import org.postgresql.ds.PGSimpleDataSource;

/** The CLI's database, and the one class of it that knows it is PostgreSQL. */
public final class PostgresDatabase implements CliEnvironment.Database {
  private static final String URL_PREFIX = "jdbc:postgresql:";
  private static final String HAS_TABLES = "SELECT to_regclass('cw_instances') IS NOT NULL";

  @Override
  public Stores open(DatabaseSettings settings, int poolSize) {
    checkUrl(settings);
    PostgresStore store =
        PostgresStore.builder()
            .url(settings.url())
            .user(settings.user())
            .password(settings.password())
            .poolSize(poolSize)
            .migrate(false)
            .build();
    try {
      checkMigrated(store.dataSource(), settings);
    } catch (RuntimeException e) {
      store.close();
      throw e;
    }
    return new Stores(store, store.schedules(), store::close);
  }

  @Override
  public String migrate(DatabaseSettings settings) {
    checkUrl(settings);
    PGSimpleDataSource dataSource = new PGSimpleDataSource();
    dataSource.setURL(settings.url());
    if (settings.user() != null) {
      dataSource.setUser(settings.user());
    }
    if (settings.password() != null) {
      dataSource.setPassword(settings.password());
    }
    try {
      // connect first: Flyway's own report of a refused connection spans a dozen lines
      dataSource.getConnection().close();
    } catch (SQLException e) {
      throw cannotConnect(settings, e);
    }
    int applied = ClockworkMigrations.migrate(dataSource);
    return applied == 0
        ? "Clockwork's tables are up to date"
        : "applied " + applied + " migration" + (applied == 1 ? "" : "s");
  }

  private static void checkUrl(DatabaseSettings settings) {
    if (!settings.url().startsWith(URL_PREFIX)) {
      throw new ClockworkException(
          "'"
              + settings.safeUrl()
              + "' (from "
              + settings.source()
              + ") is not a PostgreSQL JDBC URL; write jdbc:postgresql://host:5432/db");
    }
  }

  /**
   * Fails, saying to migrate, when Clockwork's tables are not in the database at all or were made
   * by an older version.
   */
  private static void checkMigrated(DataSource dataSource, DatabaseSettings settings) {
    boolean hasTables;
    try (Connection connection = dataSource.getConnection();
        Statement statement = connection.createStatement();
        ResultSet row = statement.executeQuery(HAS_TABLES)) {
      hasTables = !row.next() || row.getBoolean(1);
    } catch (SQLException e) {
      throw cannotConnect(settings, e);
    }
    if (!hasTables) {
      throw new ClockworkException(
          "Clockwork's tables are not in "
              + settings.safeUrl()
              + " yet; create them with `clockwork migrate` (same connection settings)");
    }
    // after the connection above is back in the pool: Flyway takes one of its own
    int pending = ClockworkMigrations.pending(dataSource);
    if (pending > 0) {
      throw new ClockworkException(
          "Clockwork's tables in "
              + settings.safeUrl()
              + " were made by an older version ("
              + pending
              + " migration"
              + (pending == 1 ? "" : "s")
              + " to apply); upgrade them with `clockwork migrate` (same connection settings)");
    }
  }

  private static ClockworkException cannotConnect(DatabaseSettings settings, SQLException e) {
    return new ClockworkException(
        "cannot connect to PostgreSQL at "
            + settings.safeUrl()
            + (settings.user() == null ? "" : " as '" + settings.user() + "'")
            + (DevDatabaseFile.isSourceOf(settings)
                ? " (from " + settings.source() + "; " + DevDatabaseFile.NOT_RUNNING + ")"
                : "")
            + ": "
            + e.getMessage(),
        e);
  }
}
