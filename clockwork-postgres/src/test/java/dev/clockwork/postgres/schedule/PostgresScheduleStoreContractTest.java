package dev.clockwork.postgres.schedule;

import dev.clockwork.postgres.testing.EmbeddedPostgresDatabase;
import dev.clockwork.postgres.testing.TestDatabase;
import dev.clockwork.schedule.store.ScheduleStore;
import dev.clockwork.schedule.store.ScheduleStoreContractTest;

/** The schedule store contract on embedded PostgreSQL. */
class PostgresScheduleStoreContractTest extends ScheduleStoreContractTest {
  static final TestDatabase DB = EmbeddedPostgresDatabase.shared().newDatabase();

  @Override
  protected ScheduleStore newStore() {
    DB.truncateClockworkTables();
    return PostgresScheduleStore.builder().dataSource(DB.dataSource()).migrate(false).build();
  }
}
