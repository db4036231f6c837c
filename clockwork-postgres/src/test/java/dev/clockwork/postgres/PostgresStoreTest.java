package dev.clockwork.postgres;

import dev.clockwork.postgres.testing.EmbeddedPostgresDatabase;
import dev.clockwork.postgres.testing.TestDatabase;
import dev.clockwork.runtime.store.Store;
import dev.clockwork.runtime.store.StoreContractTest;
import org.junit.jupiter.api.AfterEach;

/** The store contract, against embedded PostgreSQL. */
class PostgresStoreTest extends StoreContractTest {
  private static final TestDatabase DB = EmbeddedPostgresDatabase.shared().newDatabase();
  private PostgresStore postgres;

  @Override
  protected Store newStore() {
    DB.truncateClockworkTables();
    postgres = PostgresStore.builder().dataSource(DB.dataSource()).migrate(false).build();
    return postgres;
  }

  @AfterEach
  void closeStore() {
    postgres.close();
  }
}
