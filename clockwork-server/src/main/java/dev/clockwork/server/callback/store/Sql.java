package dev.clockwork.server.callback.store;

import dev.clockwork.core.ClockworkException;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import javax.sql.DataSource;

/** Runs the store's statements, turning a {@link SQLException} into one naming what was done. */
final class Sql {
  private final DataSource dataSource;

  Sql(DataSource dataSource) {
    this.dataSource = dataSource;
  }

  /** Reads one row of a result set. */
  interface Row<T> {
    T read(ResultSet rs) throws SQLException;
  }

  <T> List<T> query(String what, String statement, Row<T> row, Object... parameters) {
    return inTransaction(
        what,
        connection -> {
          try (PreparedStatement select = connection.prepareStatement(statement)) {
            bind(select, parameters);
            try (ResultSet rs = select.executeQuery()) {
              List<T> rows = new ArrayList<>();
              while (rs.next()) {
                rows.add(row.read(rs));
              }
              return rows;
            }
          }
        });
  }

  int update(String what, String statement, Object... parameters) {
    return inTransaction(
        what,
        connection -> {
          try (PreparedStatement update = connection.prepareStatement(statement)) {
            bind(update, parameters);
            return update.executeUpdate();
          }
        });
  }

  <T> T inTransaction(String what, PostgresCallbackStore.InTransaction<T> work) {
    try (Connection connection = dataSource.getConnection()) {
      boolean auto = connection.getAutoCommit();
      connection.setAutoCommit(false);
      try {
        T result = work.run(connection);
        connection.commit();
        return result;
      } catch (SQLException | RuntimeException e) {
        connection.rollback();
        throw e;
      } finally {
        connection.setAutoCommit(auto);
      }
    } catch (SQLException e) {
      throw new ClockworkException("callbacks: " + what + " failed: " + e.getMessage(), e);
    }
  }

  static void bind(PreparedStatement statement, Object... parameters) throws SQLException {
    for (int i = 0; i < parameters.length; i++) {
      statement.setObject(i + 1, parameters[i]);
    }
  }
}
