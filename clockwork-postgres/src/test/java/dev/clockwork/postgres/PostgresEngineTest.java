package dev.clockwork.postgres;

import dev.clockwork.postgres.testing.EmbeddedPostgresDatabase;
import dev.clockwork.postgres.testing.TestDatabase;
import dev.clockwork.runtime.EngineContractTest;
import dev.clockwork.runtime.store.Store;
import org.junit.jupiter.api.AfterEach;

/** The engine's promises (order, retries, leases, restarts, sweeps), on embedded PostgreSQL. */
class PostgresEngineTest extends EngineContractTest {
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
