package dev.clockwork.postgres.internal;

import static org.assertj.core.api.Assertions.assertThat;

import dev.clockwork.postgres.testing.TestDatabase;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The generic plan PostgreSQL gives a statement, as every connection ends up using (see {@link
 * Jdbc#GENERIC_PLANS}): what the plan tests read to check that a query uses its indexes.
 */
final class GenericPlans {
  private GenericPlans() {}

  /** The generic plan of {@code sql} on {@code db} (its {@code ?} parameters as SQL literals). */
  static String of(TestDatabase db, String sql, String... literals) throws SQLException {
    return of(db, "SET LOCAL plan_cache_mode = force_generic_plan", sql, literals);
  }

  /**
   * The generic plan of {@code sql} in a transaction that {@code settings} (a statement, such as
   * {@link Commits#SETTINGS}) set up.
   */
  static String of(TestDatabase db, String settings, String sql, String... literals)
      throws SQLException {
    StringBuilder numbered = new StringBuilder();
    Matcher parameter = Pattern.compile("\\?").matcher(sql);
    int n = 0;
    while (parameter.find()) {
      parameter.appendReplacement(numbered, "\\$" + ++n);
    }
    parameter.appendTail(numbered);
    assertThat(n).as("parameters of the statement").isEqualTo(literals.length);
    try (Connection connection = db.dataSource().getConnection();
        Statement statement = connection.createStatement()) {
      connection.setAutoCommit(false);
      try {
        statement.execute(settings);
        statement.execute("PREPARE planned AS " + numbered);
        StringBuilder plan = new StringBuilder();
        try (ResultSet rs =
            statement.executeQuery(
                "EXPLAIN EXECUTE planned(" + String.join(", ", literals) + ")")) {
          while (rs.next()) {
            plan.append(rs.getString(1)).append('\n');
          }
        }
        return plan.toString();
      } finally {
        connection.rollback();
        statement.execute("DEALLOCATE ALL");
        connection.setAutoCommit(true);
      }
    }
  }
}
