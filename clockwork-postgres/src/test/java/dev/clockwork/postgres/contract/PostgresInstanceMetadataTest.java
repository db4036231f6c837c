package dev.clockwork.postgres.contract;

import dev.clockwork.postgres.PostgresStore;
import dev.clockwork.postgres.schedule.PostgresScheduleStore;
import dev.clockwork.runtime.instance.InstanceMetadataContractTest;
import dev.clockwork.runtime.schedule.store.ScheduleStore;
import dev.clockwork.runtime.store.Store;
import org.junit.jupiter.api.extension.RegisterExtension;

/** {@link InstanceMetadataContractTest} on embedded PostgreSQL, its schedules there too. */
class PostgresInstanceMetadataTest extends InstanceMetadataContractTest {
  @RegisterExtension final ContractDatabase database = new ContractDatabase();

  @Override
  protected Store newStore() {
    return database.newStore();
  }

  @Override
  protected ScheduleStore newScheduleStore(Store instances) {
    return PostgresScheduleStore.beside((PostgresStore) instances);
  }
}
