package dev.clockwork.postgres.schema;

import static org.assertj.core.api.Assertions.assertThat;

import dev.clockwork.postgres.testing.EmbeddedPostgresDatabase;
import dev.clockwork.postgres.testing.TestDatabase;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/**
 * Every table that grows with instances is keyed by instance id first, so the schema can be
 * distributed by instance id (Citus: {@code create_distributed_table(..., 'instance_id')} needs the
 * distribution column in every primary key) and a turn's rows of one instance sit together. A new
 * table must either follow the rule or be listed below with the reason it is exempt.
 */
class InstanceKeysTest {
  private static final TestDatabase DB = EmbeddedPostgresDatabase.shared().newDatabase();

  /** Tables that do not grow with instances, or are known not to follow the rule, and why. */
  private static final Map<String, String> EXEMPT =
      Map.ofEntries(
          Map.entry("cw_schedules", "grows with schedules, keyed by (namespace, schedule_id)"),
          Map.entry("cw_schedule_events", "a schedule's audit: keyed by its schedule"),
          Map.entry("cw_schedule_skips", "a schedule's skipped occurrences: keyed by its schedule"),
          Map.entry("cw_schedule_buffer", "a schedule's buffered occurrences: keyed by it"),
          Map.entry(
              "cw_operator_log",
              "operator actions, few; read newest first by id (a namespace column, not a key)"),
          Map.entry("cw_machine_queues", "one row per machine (paused or not)"),
          Map.entry("cw_queue_activity", "per machine and minute; rows older than a day deleted"),
          Map.entry("cw_broadcasts", "an outbox: a row per broadcast until every target has it"),
          Map.entry("cw_leases_by_name", "one row per cluster-wide task (the retention pass)"),
          Map.entry("cw_retention_totals", "rows retention removed: one per machine and table"),
          Map.entry("cw_machine_definitions", "one row per deployed machine version"),
          Map.entry(
              "cw_callbacks",
              "KNOWN GAP: one row per API event with a callback URL, keyed by a serial id"
                  + " (unique on instance_id, event_key); distributing it needs"
                  + " PRIMARY KEY (instance_id, id)"),
          Map.entry(
              "cw_callback_deliveries",
              "KNOWN GAP: a callback's delivery attempts, keyed by callback id (follows"
                  + " cw_callbacks)"));

  private static final String PRIMARY_KEYS =
      """
      SELECT c.relname, a.attname
        FROM pg_class c
        JOIN pg_namespace n ON n.oid = c.relnamespace AND n.nspname = current_schema()
        LEFT JOIN pg_constraint k ON k.conrelid = c.oid AND k.contype = 'p'
        LEFT JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum = k.conkey[1]
       WHERE c.relkind IN ('r', 'p') AND c.relname LIKE 'cw\\_%'
       ORDER BY c.relname
      """;

  @Test
  void everyTableThatGrowsWithInstancesIsKeyedByInstanceIdFirst() throws SQLException {
    Map<String, String> firstKeyColumn = firstPrimaryKeyColumns();
    assertThat(firstKeyColumn.keySet())
        .as("every table Clockwork creates")
        .containsExactlyInAnyOrderElementsOf(ClockworkMigrations.TABLES);

    Map<String, String> offenders = new LinkedHashMap<>();
    firstKeyColumn.forEach(
        (table, column) -> {
          String expected = table.equals("cw_instances") ? "id" : "instance_id";
          if (!EXEMPT.containsKey(table) && !expected.equals(column)) {
            offenders.put(table, column);
          }
        });
    assertThat(offenders)
        .as(
            "tables whose primary key does not start with the instance id (first key column by"
                + " table): key them by (instance_id, ...) or list them in EXEMPT with the reason")
        .isEmpty();
    assertThat(EXEMPT.keySet()).as("exempt tables that exist").isSubsetOf(firstKeyColumn.keySet());
  }

  private static Map<String, String> firstPrimaryKeyColumns() throws SQLException {
    Map<String, String> columns = new TreeMap<>();
    try (Connection connection = DB.dataSource().getConnection();
        PreparedStatement select = connection.prepareStatement(PRIMARY_KEYS);
        ResultSet rs = select.executeQuery()) {
      while (rs.next()) {
        columns.put(rs.getString(1), String.valueOf(rs.getString(2)));
      }
    }
    return columns;
  }
}
