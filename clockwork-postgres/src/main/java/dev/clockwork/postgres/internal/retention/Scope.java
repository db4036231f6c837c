package dev.clockwork.postgres.internal.retention;

import dev.clockwork.runtime.store.retention.RetentionScope;
import java.sql.PreparedStatement;
import java.sql.SQLException;

/**
 * A {@link RetentionScope} in SQL: {@link #SQL} filters the rows of {@code cw_instances} aliased
 * {@code i}; {@link #bind} sets its three parameters.
 */
final class Scope {
  static final String SQL =
      "(CAST(? AS text) IS NULL OR i.machine = ?) AND i.machine <> ALL (CAST(? AS text[]))";

  private Scope() {}

  /** Binds {@code scope} from parameter {@code at}; returns the next parameter's index. */
  static int bind(PreparedStatement statement, int at, RetentionScope scope) throws SQLException {
    statement.setString(at, scope.machine());
    statement.setString(at + 1, scope.machine());
    statement.setArray(
        at + 2,
        statement
            .getConnection()
            .createArrayOf("text", scope.except().stream().sorted().toArray()));
    return at + 3;
  }
}
