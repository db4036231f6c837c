package dev.clockwork.bench.harness;

import dev.clockwork.cli.output.Table;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Pattern;
import javax.sql.DataSource;

/**
 * Where the database time of one benchmark went, from {@code pg_stat_statements} (reset before the
 * measured phase): each statement's calls, execution and planning time, per measured operation.
 */
public final class StatementProfile {
  private static final String TOP =
      """
      SELECT calls, total_exec_time, total_plan_time, rows, shared_blks_hit, shared_blks_read,
             query
        FROM pg_stat_statements
       WHERE dbid = (SELECT oid FROM pg_database WHERE datname = current_database())
         AND query NOT LIKE '%pg_stat_statements%'
       ORDER BY total_exec_time + total_plan_time DESC
      """;

  /**
   * One statement: calls, milliseconds executing and planning, rows, shared buffer pages found in
   * PostgreSQL's cache and read from outside it (the OS cache or disk).
   */
  public record Measured(
      long calls,
      double execMillis,
      double planMillis,
      long rows,
      long blocksHit,
      long blocksRead,
      String query) {
    public String shortQuery(int width) {
      String flat = query.replaceAll("\\s+", " ").trim();
      return flat.length() <= width ? flat : flat.substring(0, width - 1) + "…";
    }
  }

  private static final Pattern GENERATE_SERIES =
      Pattern.compile("generate_series\\(\\s*(\\$\\d+)\\s*,\\s*(\\$\\d+)\\s*\\)");

  /**
   * Statements EXPLAIN can plan; utility statements ({@code SET lock_timeout …} that a library runs
   * among ours, {@code SHOW}, {@code BEGIN}) have no plan and are left out of the plans.
   */
  private static final Pattern PLANNABLE =
      Pattern.compile(
          "\\s*(SELECT|INSERT|UPDATE|DELETE|WITH|VALUES|MERGE|TABLE)\\b", Pattern.CASE_INSENSITIVE);

  private final List<Measured> statements;
  private final List<String> plans = new ArrayList<>();

  private StatementProfile(List<Measured> statements) {
    this.statements = statements;
  }

  /**
   * Adds the generic plans (EXPLAIN (GENERIC_PLAN, COSTS OFF)) the server would use now for the
   * {@code limit} costliest statements: after five executions pgjdbc prepares a statement on the
   * server, and PostgreSQL then mostly runs its generic plan.
   */
  public StatementProfile withPlans(BenchDatabase database, int limit) {
    List<Measured> plannable =
        statements.stream().filter(s -> PLANNABLE.matcher(s.query()).lookingAt()).toList();
    for (Measured s : plannable.subList(0, Math.min(limit, plannable.size()))) {
      StringBuilder plan = new StringBuilder(s.shortQuery(110)).append('\n');
      try (Connection connection = database.simpleConnection();
          Statement explain = connection.createStatement();
          ResultSet rs =
              explain.executeQuery("EXPLAIN (GENERIC_PLAN, COSTS OFF) " + explainable(s.query()))) {
        while (rs.next()) {
          plan.append("    ").append(rs.getString(1)).append('\n');
        }
      } catch (SQLException e) {
        plan.append("    (no plan: ")
            .append(e.getMessage().lines().findFirst().orElse(""))
            .append(")\n");
      }
      plans.add(plan.toString());
    }
    return this;
  }

  /**
   * {@code query} as {@code EXPLAIN (GENERIC_PLAN)} can plan it: {@code pg_stat_statements} turns
   * the literals of {@code generate_series(0, 4)} into untyped {@code $1, $2}, which match several
   * {@code generate_series} ("is not unique"); they are whole numbers in every statement of ours.
   */
  static String explainable(String query) {
    return GENERATE_SERIES.matcher(query).replaceAll("generate_series($1::int, $2::int)");
  }

  /** The plans {@link #withPlans} found, one block per statement. */
  public String plans() {
    return String.join("", plans);
  }

  public static StatementProfile read(DataSource dataSource) {
    List<Measured> rows = new ArrayList<>();
    try (Connection connection = dataSource.getConnection();
        PreparedStatement select = connection.prepareStatement(TOP);
        ResultSet rs = select.executeQuery()) {
      while (rs.next()) {
        rows.add(
            new Measured(
                rs.getLong(1),
                rs.getDouble(2),
                rs.getDouble(3),
                rs.getLong(4),
                rs.getLong(5),
                rs.getLong(6),
                rs.getString(7)));
      }
    } catch (SQLException e) {
      throw new IllegalStateException("cannot read pg_stat_statements: " + e.getMessage(), e);
    }
    return new StatementProfile(rows);
  }

  public List<Measured> statements() {
    return statements;
  }

  public long totalCalls() {
    return statements.stream().mapToLong(Measured::calls).sum();
  }

  public double totalMillis() {
    return statements.stream().mapToDouble(s -> s.execMillis() + s.planMillis()).sum();
  }

  /** The statement whose text contains every fragment, if one ran. */
  public Optional<Measured> find(String... fragments) {
    return statements.stream()
        .filter(
            s -> {
              String flat = s.query().replaceAll("\\s+", " ");
              if (flat.startsWith("PREPARE") || flat.startsWith("EXPLAIN")) {
                return false;
              }
              for (String fragment : fragments) {
                if (!flat.contains(fragment)) {
                  return false;
                }
              }
              return true;
            })
        .findFirst();
  }

  /** The {@code limit} costliest statements, per measured operation ({@code ops} of them). */
  public String table(long ops, int limit) {
    Table table =
        new Table(
            ">calls/op",
            ">exec µs/op",
            ">plan µs/op",
            ">ms/call",
            ">blocks hit/read per call",
            ">share",
            "statement");
    double total = totalMillis();
    for (Measured s : statements.subList(0, Math.min(limit, statements.size()))) {
      double millis = s.execMillis() + s.planMillis();
      table.row(
          String.format(Locale.ROOT, "%.2f", (double) s.calls() / ops),
          String.format(Locale.ROOT, "%.1f", 1000 * s.execMillis() / ops),
          String.format(Locale.ROOT, "%.1f", 1000 * s.planMillis() / ops),
          String.format(Locale.ROOT, "%.3f", s.calls() == 0 ? 0 : millis / s.calls()),
          String.format(
              Locale.ROOT,
              "%.0f/%.1f",
              (double) s.blocksHit() / Math.max(1, s.calls()),
              (double) s.blocksRead() / Math.max(1, s.calls())),
          String.format(Locale.ROOT, "%.0f%%", total == 0 ? 0 : 100 * millis / total),
          s.shortQuery(90));
    }
    return table.markdown()
        + String.format(
            Locale.ROOT,
            "all statements: %.2f calls and %.0f µs of database time per op%n",
            (double) totalCalls() / ops,
            1000 * total / ops);
  }
}
