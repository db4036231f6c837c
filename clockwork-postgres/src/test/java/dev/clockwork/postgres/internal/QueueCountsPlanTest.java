package dev.clockwork.postgres.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.clockwork.postgres.PostgresStore;
import dev.clockwork.postgres.testing.EmbeddedPostgresDatabase;
import dev.clockwork.postgres.testing.TestDatabase;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The periodic questions about the whole store cost what their answer needs, not what the tables
 * hold: the backpressure check does not read a queue far over its threshold, and the machines with
 * stored instances are found with one index probe per machine.
 */
class QueueCountsPlanTest {
  private static final TestDatabase DB = EmbeddedPostgresDatabase.shared().newDatabase();
  private static final int QUEUED = 12_000;
  private static PostgresStore store;

  @BeforeAll
  static void manyInstancesOfThreeMachinesAndAQueueOfTwelveThousand() {
    DB.truncateClockworkTables();
    DB.execute(
        """
        INSERT INTO cw_instances (id, machine, version, conversation_id, status, active, context,
                                  timers, last_entry_id, revision, history_seq, created_at,
                                  updated_at)
        SELECT 'i-' || n, (ARRAY['invoice', 'order', 'payment'])[n % 3 + 1], 1, 'conv-' || n,
               'ACTIVE', '[]', '{}', '[]', 0, 1, 1, now(), now()
          FROM generate_series(1, 30000) AS n
        """);
    DB.execute(
        """
        INSERT INTO cw_queue (instance_id, machine, event, source, attempts, available_at,
                              enqueued_at, errors)
        SELECT 'i-' || n, 'order', '{"type": "STEP"}', 'test', 0, now(), now(), '[]'
          FROM generate_series(1, %d) AS n
        """
            .formatted(QUEUED));
    DB.execute("ANALYZE");
    await().atMost(Duration.ofSeconds(30)).until(() -> liveQueueRowsCounted() >= QUEUED);
    store = PostgresStore.builder().dataSource(DB.dataSource()).migrate(false).build();
  }

  @AfterAll
  static void close() {
    store.close();
  }

  @Test
  void farOverTheThresholdTheBackpressureCheckDoesNotReadTheQueue() throws SQLException {
    String plan =
        analyzed(
            QueueRows.PENDING_ABOVE, String.valueOf(QueueRows.estimateAbove(100)), "100", "101");

    assertThat(plan).contains("never executed").doesNotContain("Seq Scan on cw_queue (actual");
    assertThat(store.queue().pendingAbove(100)).isTrue();
  }

  @Test
  void nearTheThresholdTheBackpressureCheckCountsExactly() {
    assertThat(store.queue().pendingAbove(QUEUED - 1)).isTrue();
    assertThat(store.queue().pendingAbove(QUEUED)).isFalse();
    assertThat(store.queue().pendingAbove(2 * QUEUED)).isFalse();
  }

  @Test
  void theMachinesAreFoundWithAProbePerMachineNotAScanOfTheInstances() throws SQLException {
    String plan = analyzed(InstanceRows.MACHINES);

    assertThat(store.instances().machines()).containsExactly("invoice", "order", "payment");
    assertThat(plan).contains("cw_instances_machine").doesNotContain("Seq Scan on cw_instances");
    assertThat(sharedBuffers(plan)).as("buffers read, in:%n%s", plan).isLessThan(40);
  }

  /** What the statistics say the queue holds; a fresh insert is counted within a second or so. */
  private static long liveQueueRowsCounted() {
    return (Long) DB.single("SELECT pg_stat_get_live_tuples(CAST('cw_queue' AS regclass))");
  }

  private static String analyzed(String sql, String... literals) throws SQLException {
    String bound = sql;
    for (String literal : literals) {
      bound = bound.replaceFirst("\\?", literal);
    }
    try (Connection connection = DB.dataSource().getConnection();
        Statement statement = connection.createStatement();
        ResultSet rs = statement.executeQuery("EXPLAIN (ANALYZE, BUFFERS) " + bound)) {
      StringBuilder plan = new StringBuilder();
      while (rs.next()) {
        plan.append(rs.getString(1)).append('\n');
      }
      return plan.toString();
    }
  }

  /** The shared buffers the whole statement touched (hit or read): its top node's count. */
  private static long sharedBuffers(String plan) {
    Matcher buffers = Pattern.compile("Buffers: shared hit=(\\d+)(?: read=(\\d+))?").matcher(plan);
    assertThat(buffers.find()).as("buffers in:%n%s", plan).isTrue();
    return Long.parseLong(buffers.group(1))
        + (buffers.group(2) == null ? 0 : Long.parseLong(buffers.group(2)));
  }
}
