package dev.clockwork.postgres.schedule;

import dev.clockwork.postgres.PostgresStore;
import dev.clockwork.postgres.testing.EmbeddedPostgresDatabase;
import dev.clockwork.postgres.testing.TestDatabase;
import dev.clockwork.runtime.store.Store;
import dev.clockwork.schedule.ScheduleStorage;
import dev.clockwork.schedule.store.ScheduleStore;
import java.util.ArrayList;
import java.util.List;

/**
 * The shared embedded database, emptied when made; every node opens its own {@link PostgresStore}
 * and {@link PostgresScheduleStore} on it, as separate processes would.
 */
final class PostgresScheduleStorage implements ScheduleStorage {
  static final TestDatabase DB = EmbeddedPostgresDatabase.shared().newDatabase();

  private final List<PostgresStore> opened = new ArrayList<>();

  PostgresScheduleStorage() {
    DB.truncateClockworkTables();
  }

  @Override
  public synchronized Store instances() {
    PostgresStore store =
        PostgresStore.builder().dataSource(DB.dataSource()).migrate(false).build();
    opened.add(store);
    return store;
  }

  @Override
  public ScheduleStore schedules(Store instances) {
    return ((PostgresStore) instances).schedules();
  }

  @Override
  public synchronized void close() {
    opened.forEach(PostgresStore::close);
    opened.clear();
  }
}
