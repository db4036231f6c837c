package dev.clockwork.postgres;

import dev.clockwork.postgres.testing.EmbeddedPostgresDatabase;
import dev.clockwork.postgres.testing.TestDatabase;
import dev.clockwork.runtime.store.Store;
import dev.clockwork.runtime.store.StoreContract;
import java.sql.Timestamp;
import java.time.Instant;
import org.junit.jupiter.api.AfterEach;

/**
 * A clean PostgreSQL store for each test, with the contract suites' vocabulary ({@link
 * StoreContract}: instances built without an interpreter, events, claims, commits) and a look at
 * the rows underneath.
 */
abstract class StoreFixture extends StoreContract {
  static final TestDatabase DB = EmbeddedPostgresDatabase.shared().newDatabase();

  PostgresStore postgres;

  @Override
  protected Store newStore() {
    DB.truncateClockworkTables();
    postgres = newPostgresStore();
    return postgres;
  }

  /** Another store on the same database (another node). */
  static PostgresStore newPostgresStore() {
    return PostgresStore.builder().dataSource(DB.dataSource()).migrate(false).build();
  }

  @AfterEach
  void closeStore() {
    postgres.close();
  }

  /** An instant column of the instance's row. */
  static Instant column(String instanceId, String column) {
    Object value = DB.single("SELECT " + column + " FROM cw_instances WHERE id = ?", instanceId);
    return value == null ? null : ((Timestamp) value).toInstant();
  }

  /** The instance's {@code next_event_id} (0 when its queue is empty, as far as the row knows). */
  static long nextEventId(String instanceId) {
    Object value = DB.single("SELECT next_event_id FROM cw_instances WHERE id = ?", instanceId);
    return value == null ? 0 : (Long) value;
  }

  /** Markers of events queued while their instance's row was locked, not merged yet. */
  static long pendingHeads() {
    return (Long) DB.single("SELECT count(*) FROM cw_pending_heads");
  }
}
