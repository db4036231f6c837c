package dev.clockwork.bench.harness;

import dev.clockwork.bench.report.Figures;
import dev.clockwork.cli.output.Table;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import javax.sql.DataSource;

/**
 * How each table was read and written during one measured phase, from {@code pg_stat_user_tables}
 * (reset before it): sequential scans and the rows they read betray a missing or unused index.
 */
public final class TableProfile {
  private static final String TABLES =
      """
      SELECT relname, seq_scan, seq_tup_read, idx_scan, n_tup_ins, n_tup_upd, n_tup_hot_upd,
             n_tup_del, n_dead_tup
        FROM pg_stat_user_tables
       WHERE seq_scan + coalesce(idx_scan, 0) + n_tup_ins + n_tup_upd + n_tup_del > 0
       ORDER BY seq_tup_read DESC, relname
      """;

  record Counts(
      String name,
      long seqScans,
      long seqRowsRead,
      long indexScans,
      long inserted,
      long updated,
      long hotUpdated,
      long deleted,
      long dead) {}

  private final List<Counts> tables;

  private TableProfile(List<Counts> tables) {
    this.tables = tables;
  }

  public static TableProfile read(DataSource dataSource) {
    List<Counts> rows = new ArrayList<>();
    try (Connection connection = dataSource.getConnection();
        PreparedStatement select = connection.prepareStatement(TABLES);
        ResultSet rs = select.executeQuery()) {
      while (rs.next()) {
        rows.add(
            new Counts(
                rs.getString(1),
                rs.getLong(2),
                rs.getLong(3),
                rs.getLong(4),
                rs.getLong(5),
                rs.getLong(6),
                rs.getLong(7),
                rs.getLong(8),
                rs.getLong(9)));
      }
    } catch (SQLException e) {
      throw new IllegalStateException("cannot read pg_stat_user_tables: " + e.getMessage(), e);
    }
    return new TableProfile(rows);
  }

  /** Per table, per measured operation ({@code ops} of them). */
  public String table(long ops) {
    Table table =
        new Table(
            "table",
            ">seq scans",
            ">rows read by seq scans/op",
            ">index scans/op",
            ">inserts/op",
            ">updates/op",
            ">HOT",
            ">deletes/op",
            ">dead rows at end");
    for (Counts t : tables) {
      table.row(
          t.name(),
          Figures.count(t.seqScans()),
          perOp(t.seqRowsRead(), ops),
          perOp(t.indexScans(), ops),
          perOp(t.inserted(), ops),
          perOp(t.updated(), ops),
          t.updated() == 0 ? "—" : String.format("%.0f%%", 100.0 * t.hotUpdated() / t.updated()),
          perOp(t.deleted(), ops),
          Figures.count(t.dead()));
    }
    return table.markdown();
  }

  private static String perOp(long n, long ops) {
    return String.format(Locale.ROOT, "%.2f", (double) n / ops);
  }
}
