package dev.clockwork.postgres.schema;

import static org.assertj.core.api.Assertions.assertThat;

import dev.clockwork.postgres.testing.EmbeddedPostgresDatabase;
import dev.clockwork.postgres.testing.TestDatabase;
import org.junit.jupiter.api.Test;

/** Clockwork's migrations: idempotent, in their own history table, beside the host's tables. */
class ClockworkMigrationsTest {
  private static final String TABLE_EXISTS =
      "SELECT count(*) FROM information_schema.tables WHERE table_name = ?";

  @Test
  void migratingAgainChangesNothing() {
    TestDatabase db = EmbeddedPostgresDatabase.shared().newDatabase();
    assertThat(ClockworkMigrations.migrate(db.dataSource())).isZero();
    assertThat(ClockworkMigrations.migrate(db.dataSource())).isZero();
    for (String table : ClockworkMigrations.TABLES) {
      assertThat(db.single(TABLE_EXISTS, table)).as(table).isEqualTo(1L);
    }
  }

  @Test
  void keepsItsHistoryInItsOwnTableBesideTheApplicationsTables() {
    TestDatabase db = EmbeddedPostgresDatabase.shared().newDatabase();
    db.execute("DROP TABLE " + String.join(", ", ClockworkMigrations.TABLES) + " CASCADE");
    db.execute("DROP TABLE " + ClockworkMigrations.HISTORY_TABLE);
    db.execute("CREATE TABLE flyway_schema_history (installed_rank int PRIMARY KEY)");
    db.execute("CREATE TABLE orders (id text PRIMARY KEY)");

    assertThat(ClockworkMigrations.migrate(db.dataSource())).isPositive();

    assertThat(db.single(TABLE_EXISTS, "cw_instances")).isEqualTo(1L);
    assertThat(db.single("SELECT count(*) FROM flyway_schema_history")).isEqualTo(0L);
    assertThat(
            db.single(
                "SELECT count(*) FROM clockwork_schema_history WHERE version = '1' AND success"))
        .isEqualTo(1L);
  }

  @Test
  void instancesStoredBeforeConversationsGetTheirTopLevelInstancesConversation() {
    TestDatabase db = EmbeddedPostgresDatabase.shared().newDatabase();
    db.execute("DROP TABLE " + String.join(", ", ClockworkMigrations.TABLES) + " CASCADE");
    db.execute("DROP TABLE " + ClockworkMigrations.HISTORY_TABLE);
    org.flywaydb.core.Flyway.configure(ClockworkMigrations.class.getClassLoader())
        .dataSource(db.dataSource())
        .locations(ClockworkMigrations.LOCATION)
        .table(ClockworkMigrations.HISTORY_TABLE)
        .target("6")
        .load()
        .migrate();
    for (String id : new String[] {"order-1", "order-1/shipping#3"}) {
      db.execute(
          "INSERT INTO cw_instances (id, machine, version, status, active, context, timers,"
              + " last_entry_id, revision, history_seq, created_at, updated_at)"
              + " VALUES ('"
              + id
              + "', 'order', 1, 'ACTIVE', '[]', '{}', '[]', 0, 1, 1, now(), now())");
      db.execute(
          "INSERT INTO cw_history (instance_id, seq, at, kind, event, payload, states)"
              + " VALUES ('"
              + id
              + "', 1, now(), 'CREATED', '@init', '{}', '[]')");
    }

    assertThat(ClockworkMigrations.migrate(db.dataSource())).isPositive();

    assertThat(db.single("SELECT count(*) FROM cw_instances WHERE conversation_id = 'order-1'"))
        .isEqualTo(2L);
    assertThat(db.single("SELECT count(*) FROM cw_history WHERE conversation_id = 'order-1'"))
        .isEqualTo(2L);
  }

  @Test
  void instancesStoredBeforeDueWorkAreDueByTheirSnapshotsTimersHeadsAndLeases() {
    TestDatabase db = EmbeddedPostgresDatabase.shared().newDatabase();
    db.execute("DROP TABLE " + String.join(", ", ClockworkMigrations.TABLES) + " CASCADE");
    db.execute("DROP TABLE " + ClockworkMigrations.HISTORY_TABLE);
    org.flywaydb.core.Flyway.configure(ClockworkMigrations.class.getClassLoader())
        .dataSource(db.dataSource())
        .locations(ClockworkMigrations.LOCATION)
        .table(ClockworkMigrations.HISTORY_TABLE)
        .target("8")
        .load()
        .migrate();
    db.execute(
        "INSERT INTO cw_instances (id, machine, version, status, active, context, timers,"
            + " last_entry_id, revision, history_seq, created_at, updated_at, conversation_id,"
            + " lease_owner, lease_token, lease_expires_at) VALUES ('o-1', 'order', 1, 'ACTIVE',"
            + " '[]', '{}', '[{\"key\": \"waiting#EXPIRE\", \"due\":"
            + " \"2026-01-01T01:00:00.000000500Z\"}, {\"key\": \"waiting#REMIND\", \"due\":"
            + " \"2026-01-01T02:00:00Z\"}]', 2, 1, 1, now(), now(), 'c', 'w1',"
            + " gen_random_uuid(), '2026-01-01T00:00:30Z')");
    db.execute(
        "INSERT INTO cw_queue (instance_id, machine, event, source, attempts, available_at,"
            + " enqueued_at, errors) VALUES ('o-1', 'order', '{\"type\": \"PAY\"}', 'api', 2,"
            + " '2026-01-01T00:00:05Z', '2026-01-01T00:00:00Z', '[]')");
    db.execute(
        "UPDATE cw_instances SET next_event_at = '2026-01-01T00:00:05Z', next_event_id = 1,"
            + " next_event_priority = 2");

    assertThat(ClockworkMigrations.migrate(db.dataSource())).isPositive();

    assertThat(db.single(utc("next_timer_at", "cw_instances")))
        .as("the earliest timer, rounded up to the microsecond")
        .isEqualTo("2026-01-01 01:00:00.000001");
    assertThat(db.single("SELECT next_event_attempts FROM cw_instances")).isEqualTo(2);
    assertThat(db.single(utc("next_due_at", "cw_instances")))
        .as("a head that failed an attempt holds the timers back")
        .isEqualTo("2026-01-01 00:00:05");
    assertThat(db.single(utc("expires_at", "cw_leases"))).isEqualTo("2026-01-01 00:00:30");
    assertThat(db.single("SELECT owner FROM cw_leases"))
        .as("the lease moved off the instance row (V19), owner and token with it")
        .isEqualTo("w1");
    assertThat(db.single("SELECT count(*) FROM cw_leases WHERE token IS NOT NULL")).isEqualTo(1L);
  }

  private static String utc(String column, String table) {
    return "SELECT CAST(" + column + " AT TIME ZONE 'UTC' AS text) FROM " + table;
  }
}
