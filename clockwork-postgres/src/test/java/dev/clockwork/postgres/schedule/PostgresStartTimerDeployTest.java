package dev.clockwork.postgres.schedule;

import dev.clockwork.postgres.PostgresStore;
import dev.clockwork.postgres.testing.EmbeddedPostgresDatabase;
import dev.clockwork.postgres.testing.TestDatabase;
import dev.clockwork.runtime.store.Store;
import dev.clockwork.schedule.StartTimerDeployContractTest;
import dev.clockwork.schedule.store.ScheduleStore;
import java.util.ArrayList;
import java.util.List;

/** Timer start events on PostgreSQL: each node with its own stores on one database. */
class PostgresStartTimerDeployTest extends StartTimerDeployContractTest {
  static final TestDatabase DB = EmbeddedPostgresDatabase.shared().newDatabase();

  private final List<PostgresStore> opened = new ArrayList<>();

  @Override
  protected void reset() {
    DB.truncateClockworkTables();
  }

  @Override
  protected Store instanceStore() {
    PostgresStore store =
        PostgresStore.builder().dataSource(DB.dataSource()).migrate(false).build();
    opened.add(store);
    return store;
  }

  @Override
  protected ScheduleStore scheduleStore(Store instances) {
    return ((PostgresStore) instances).schedules();
  }

  @Override
  protected void closeStores() {
    opened.forEach(PostgresStore::close);
  }
}
