package dev.clockwork.postgres.internal;

import dev.clockwork.runtime.store.StoreFailedException;
import java.sql.Connection;
import java.sql.SQLException;
import javax.sql.DataSource;

/**
 * Runs units of work on pooled connections: each in one transaction (or one auto-committed
 * statement), rolled back when anything fails, with {@link SQLException}s turned into {@link
 * StoreFailedException}s that say what the store was doing, where, and why in words.
 */
public final class Jdbc {
  /** A unit of work on one connection. */
  @FunctionalInterface
  public interface Work<T> {
    T run(Connection connection) throws SQLException;
  }

  /**
   * Sent first in a transaction, makes the rest of it use generic plans: statements whose
   * parameters are arrays would otherwise be planned again on every execution (PostgreSQL keeps
   * custom plans when it cannot tell an array's length), which costs more than running them. Their
   * generic plans read the same indexes.
   */
  static final String GENERIC_PLANS =
      "SELECT set_config('plan_cache_mode', 'force_generic_plan', true)";

  private final DataSource dataSource;
  private final String where;

  /**
   * @param where the database as error messages name it (a URL without password, or a description
   *     of the user's DataSource)
   */
  public Jdbc(DataSource dataSource, String where) {
    this.dataSource = dataSource;
    this.where = where;
  }

  public DataSource dataSource() {
    return dataSource;
  }

  public String where() {
    return where;
  }

  /**
   * Runs {@code work} in one transaction, committed when it returns, rolled back when it throws.
   */
  public <T> T inTransaction(String what, Work<T> work) {
    try (Connection connection = dataSource.getConnection()) {
      connection.setAutoCommit(false);
      T result;
      try {
        result = work.run(connection);
        connection.commit();
      } catch (SQLException | RuntimeException e) {
        rollback(connection, e);
        throw e;
      }
      connection.setAutoCommit(true);
      return result;
    } catch (SQLException e) {
      throw failure(what, e);
    }
  }

  /** Runs {@code work} with auto-commit: for single statements. */
  public <T> T autoCommit(String what, Work<T> work) {
    try (Connection connection = dataSource.getConnection()) {
      return work.run(connection);
    } catch (SQLException e) {
      throw failure(what, e);
    }
  }

  /** A Clockwork exception for a failed database call. */
  public StoreFailedException failure(String what, SQLException e) {
    return new StoreFailedException(
        "PostgreSQL store at " + where + " could not " + what + ": " + describe(e),
        FailureReasons.reason(e),
        e.getSQLState(),
        e);
  }

  private static String describe(SQLException e) {
    String message = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
    return e.getSQLState() == null ? message : message + " (SQLState " + e.getSQLState() + ")";
  }

  /** Rolls back and restores auto-commit; a failure here travels with the original cause. */
  private static void rollback(Connection connection, Exception cause) {
    try {
      connection.rollback();
      connection.setAutoCommit(true);
    } catch (SQLException e) {
      cause.addSuppressed(e);
    }
  }
}
