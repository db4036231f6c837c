package dev.clockwork.postgres.internal;

import java.sql.Array;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.Collection;
import java.util.List;
import java.util.function.Function;

/**
 * Array parameters for statements that write many rows at once ({@code unnest(?, ?, …)}): one array
 * per column, built from a list of rows. Instants and JSON travel as text and are cast in the
 * statement ({@code CAST(CAST(? AS text[]) AS timestamptz[])}), so one statement text serves any
 * number of rows.
 */
final class Columns {
  private Columns() {}

  static <T> Array text(Connection connection, List<T> rows, Function<T, String> column)
      throws SQLException {
    return connection.createArrayOf("text", rows.stream().map(column).toArray());
  }

  static <T> Array int8(Connection connection, List<T> rows, Function<T, Long> column)
      throws SQLException {
    return connection.createArrayOf("int8", rows.stream().map(column).toArray());
  }

  static <T> Array int4(Connection connection, List<T> rows, Function<T, Integer> column)
      throws SQLException {
    return connection.createArrayOf("int4", rows.stream().map(column).toArray());
  }

  static <T> Array bool(Connection connection, List<T> rows, Function<T, Boolean> column)
      throws SQLException {
    return connection.createArrayOf("bool", rows.stream().map(column).toArray());
  }

  /** A text array of {@code values} (ids, machine names). */
  static Array texts(Connection connection, Collection<String> values) throws SQLException {
    return connection.createArrayOf("text", values.toArray());
  }
}
