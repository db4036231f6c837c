package dev.clockwork.server.callback.store;

import dev.clockwork.postgres.schema.ClockworkMigrations;
import dev.clockwork.postgres.testing.EmbeddedPostgresDatabase;
import dev.clockwork.postgres.testing.TestDatabase;
import dev.clockwork.server.callback.CallbackStore;
import dev.clockwork.server.callback.CallbackStoreContract;
import org.junit.jupiter.api.AfterEach;

/** The callback store contract on the embedded PostgreSQL (migrated by Clockwork's migrations). */
class PostgresCallbackStoreTest extends CallbackStoreContract {
  private static final TestDatabase DATABASE = migrated();
  private final PostgresCallbackStore store = PostgresCallbackStore.on(DATABASE.dataSource());

  @Override
  protected CallbackStore store() {
    return store;
  }

  private static TestDatabase migrated() {
    TestDatabase database = EmbeddedPostgresDatabase.shared().newDatabase();
    ClockworkMigrations.migrate(database.dataSource());
    return database;
  }

  @AfterEach
  void clean() {
    DATABASE.truncateClockworkTables();
  }
}
