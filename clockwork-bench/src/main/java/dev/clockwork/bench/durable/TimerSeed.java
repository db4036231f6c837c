package dev.clockwork.bench.durable;

import dev.clockwork.bench.harness.BenchDatabase;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Arms many timers fast. A million {@code Engine.create} calls (one transaction each) would take
 * the whole time budget, so the rows are cloned in SQL from a template instance the engine created:
 * its {@code cw_instances} and {@code cw_history} rows, every column copied as the store wrote it
 * (the column lists are read from the catalog, so the clone follows the schema) except the id, the
 * conversation, and the due instant, which each clone gets its own of: in the context's {@code at},
 * the snapshot's armed timer and the row's {@code next_timer_at} alike (the due-work columns the
 * store derives from it are generated). {@link #check} compares a clone with an instance the engine
 * created for the same due.
 */
final class TimerSeed {
  /** Instant.toString() of a timestamptz, to the microsecond, in SQL. */
  private static final String INSTANT_TEXT =
      """
      to_char(due AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS') ||
      CASE WHEN us = 0 THEN ''
           WHEN us % 1000 = 0 THEN '.' || lpad((us / 1000)::text, 3, '0')
           ELSE '.' || lpad(us::text, 6, '0') END || 'Z'
      """;

  private static final String CLONES =
      """
      CREATE TEMP TABLE seed ON COMMIT DROP AS
      SELECT id, due, %s AS due_text
        FROM (SELECT ? || lpad(g::text, 7, '0') AS id, due,
                     extract(microseconds FROM due)::bigint %% 1000000 AS us
                FROM (SELECT g, CAST(? AS timestamptz)
                                + interval '1 microsecond' * (g * CAST(? AS bigint)) AS due
                        FROM generate_series(CAST(? AS bigint), CAST(? AS bigint)) g) d) e
      """
          .formatted(INSTANT_TEXT);

  /** The columns a clone gets its own value of; every other column is the template's. */
  private static final Map<String, String> INSTANCE_COLUMNS =
      Map.of(
          "id", "s.id",
          "conversation_id", "'conv-' || s.id",
          "context", "jsonb_set(t.context, '{at}', to_jsonb(s.due_text))",
          "timers",
              """
              CASE WHEN t.timers -> 0 -> 'value' IS NOT NULL
                   THEN jsonb_set(jsonb_set(t.timers, '{0,due}', to_jsonb(s.due_text)),
                                  '{0,value}', to_jsonb(s.due_text))
                   ELSE jsonb_set(t.timers, '{0,due}', to_jsonb(s.due_text)) END
              """,
          "next_timer_at", "s.due");

  private static final Map<String, String> HISTORY_COLUMNS =
      Map.of("instance_id", "s.id", "conversation_id", "'conv-' || s.id");

  /** The columns a table's INSERT may write: neither generated nor filled from a sequence. */
  private static final String COLUMNS =
      """
      SELECT column_name FROM information_schema.columns
       WHERE table_schema = current_schema() AND table_name = ?
         AND is_generated = 'NEVER' AND is_identity = 'NO'
         AND coalesce(column_default, '') NOT LIKE 'nextval(%'
       ORDER BY ordinal_position
      """;

  /** The tables that refer to instances by an {@code instance_id} column. */
  private static final String INSTANCE_TABLES =
      """
      SELECT table_name FROM information_schema.columns
       WHERE table_schema = current_schema() AND column_name = 'instance_id'
         AND table_name LIKE 'cw\\_%'
       ORDER BY table_name
      """;

  /**
   * A clone and an engine-created instance with the same due: the same row but for the id, the
   * conversation and the instants of the creation itself.
   */
  private static final String CHECK =
      """
      SELECT count(*)
        FROM cw_instances a, cw_instances b
       WHERE a.id = ? AND b.id = ?
         AND to_jsonb(a) - '{id,conversation_id,created_at,updated_at,active,timers}'::text[]
           = to_jsonb(b) - '{id,conversation_id,created_at,updated_at,active,timers}'::text[]
         AND (SELECT jsonb_agg(e - 'enteredAt') FROM jsonb_array_elements(a.active) e)
           = (SELECT jsonb_agg(e - 'enteredAt') FROM jsonb_array_elements(b.active) e)
         AND (SELECT jsonb_agg(e - 'enteredAt') FROM jsonb_array_elements(a.timers) e)
           = (SELECT jsonb_agg(e - 'enteredAt') FROM jsonb_array_elements(b.timers) e)
      """;

  private final BenchDatabase postgres;

  TimerSeed(BenchDatabase postgres) {
    this.postgres = postgres;
  }

  /** The due instant of clone {@code g}: {@code base + g × stepMicros}. */
  static Instant due(Instant base, long g, long stepMicros) {
    return base.truncatedTo(ChronoUnit.MICROS).plus(g * stepMicros, ChronoUnit.MICROS);
  }

  static String id(String prefix, long g) {
    return prefix + String.format("%07d", g);
  }

  /**
   * Clones {@code template} as {@code prefix + g} for g in [first, last], due {@link #due}.
   *
   * @return the elapsed seconds
   */
  double clone(String template, String prefix, long first, long last, Instant base, long step) {
    long start = System.nanoTime();
    try (Connection connection = postgres.harness().getConnection()) {
      connection.setAutoCommit(false);
      try (PreparedStatement seed = connection.prepareStatement(CLONES)) {
        seed.setString(1, prefix);
        seed.setObject(
            2, OffsetDateTime.ofInstant(base.truncatedTo(ChronoUnit.MICROS), ZoneOffset.UTC));
        seed.setLong(3, step);
        seed.setLong(4, first);
        seed.setLong(5, last);
        seed.execute();
      }
      String instances =
          insert(connection, "cw_instances", INSTANCE_COLUMNS, "cw_instances t", "t.id = ?");
      String history =
          insert(connection, "cw_history", HISTORY_COLUMNS, "cw_history t", "t.instance_id = ?");
      for (String insert : new String[] {instances, history}) {
        try (PreparedStatement statement = connection.prepareStatement(insert)) {
          statement.setString(1, template);
          statement.executeUpdate();
        }
      }
      connection.commit();
    } catch (SQLException e) {
      throw new IllegalStateException("seeding timers failed: " + e.getMessage(), e);
    }
    return (System.nanoTime() - start) / 1e9;
  }

  /**
   * {@code INSERT INTO table (every writable column) SELECT (the clone's own value or the
   * template's) FROM seed s, from WHERE where}.
   */
  private static String insert(
      Connection connection, String table, Map<String, String> own, String from, String where)
      throws SQLException {
    List<String> columns = new ArrayList<>();
    List<String> values = new ArrayList<>();
    try (PreparedStatement select = connection.prepareStatement(COLUMNS)) {
      select.setString(1, table);
      try (ResultSet rs = select.executeQuery()) {
        while (rs.next()) {
          String column = rs.getString(1);
          columns.add(column);
          values.add(own.getOrDefault(column, "t." + column));
        }
      }
    }
    return "INSERT INTO "
        + table
        + " ("
        + String.join(", ", columns)
        + ")\nSELECT "
        + String.join(",\n       ", values)
        + "\n  FROM seed s, "
        + from
        + "\n WHERE "
        + where;
  }

  /** Removes an instance's rows (the template, once cloned) from every table that has any. */
  void remove(String instanceId) {
    try (Connection connection = postgres.harness().getConnection()) {
      List<String> tables = new ArrayList<>();
      try (PreparedStatement select = connection.prepareStatement(INSTANCE_TABLES);
          ResultSet rs = select.executeQuery()) {
        while (rs.next()) {
          tables.add(rs.getString(1));
        }
      }
      for (String table : tables) {
        delete(connection, "DELETE FROM " + table + " WHERE instance_id = ?", instanceId);
      }
      delete(connection, "DELETE FROM cw_instances WHERE id = ?", instanceId);
    } catch (SQLException e) {
      throw new IllegalStateException("cannot remove " + instanceId + ": " + e.getMessage(), e);
    }
  }

  private static void delete(Connection connection, String sql, String id) throws SQLException {
    try (PreparedStatement statement = connection.prepareStatement(sql)) {
      statement.setString(1, id);
      statement.executeUpdate();
    }
  }

  /** True when the clone's row equals that of the instance the engine created for its due. */
  boolean check(String cloneId, String engineCreatedId) {
    return postgres.queryLong(CHECK, cloneId, engineCreatedId) == 1;
  }
}
