package dev.clockwork.bench.api;

import dev.clockwork.bench.harness.BenchDatabase;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;

/**
 * Makes a large database fast: copies of real instances and their history rows, written by SQL from
 * rows the engine made, so every column holds what the engine would have written whatever the
 * schema's version ({@code jsonb_populate_record} over the row as JSON, with new ids).
 */
final class BenchData {
  private BenchData() {}

  /** The columns of {@code table} an INSERT may write (not the generated ones), comma-separated. */
  static String writable(BenchDatabase db, String table) {
    String sql =
        "SELECT string_agg(quote_ident(column_name), ', ' ORDER BY ordinal_position)"
            + " FROM information_schema.columns"
            + " WHERE table_name = ? AND is_generated = 'NEVER'";
    try (Connection connection = db.harness().getConnection();
        PreparedStatement statement = connection.prepareStatement(sql)) {
      statement.setString(1, table);
      try (ResultSet row = statement.executeQuery()) {
        row.next();
        return row.getString(1);
      }
    } catch (SQLException e) {
      throw new IllegalStateException("cannot read the columns of " + table, e);
    }
  }

  /** {@code copies} copies of instance {@code template}, ids {@code <prefix>-<n>}. */
  static void copyInstance(BenchDatabase db, String template, String prefix, int copies) {
    db.execute(
        """
        INSERT INTO cw_instances (%4$s)
        SELECT %4$s FROM (
          SELECT (jsonb_populate_record(NULL::cw_instances,
                    to_jsonb(t) || jsonb_build_object('id', '%2$s-' || g,
                                                      'conversation_id', '%2$s-' || g))).*
          FROM cw_instances t, generate_series(1, %3$d) g
          WHERE t.id = '%1$s') copy
        """
            .formatted(template, prefix, copies, writable(db, "cw_instances")));
  }

  /**
   * {@code rowsPerInstance} history rows for each of the copies {@code <prefix>-1..n}, cycling
   * through the template's own rows.
   */
  static void copyHistory(
      BenchDatabase db, String template, String prefix, int copies, int rowsPerInstance) {
    db.execute(
        """
        WITH t AS (SELECT h.*, row_number() OVER (ORDER BY seq) AS rn, count(*) OVER () AS n
                   FROM cw_history h WHERE instance_id = '%1$s')
        INSERT INTO cw_history (%5$s)
        SELECT %5$s FROM (
          SELECT (jsonb_populate_record(NULL::cw_history,
                    to_jsonb(t) - 'rn' - 'n'
                    || jsonb_build_object('instance_id', '%2$s-' || g, 'seq', s,
                                          'conversation_id', '%2$s-' || g))).*
          FROM generate_series(1, %3$d) g
          CROSS JOIN generate_series(1, %4$d) s
          JOIN t ON t.rn = (s - 1) %% t.n + 1) copy
        """
            .formatted(template, prefix, copies, rowsPerInstance, writable(db, "cw_history")));
    db.execute(
        "UPDATE cw_instances SET history_seq = %d WHERE id LIKE '%s-%%'"
            .formatted(rowsPerInstance, prefix));
    db.execute("ANALYZE cw_instances", "ANALYZE cw_history");
  }
}
