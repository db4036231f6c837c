package dev.clockwork.postgres.contract;

import dev.clockwork.postgres.PostgresStore;
import dev.clockwork.runtime.store.Store;
import dev.clockwork.schedule.RunIdSquatContractTest;
import dev.clockwork.schedule.store.ScheduleStore;
import org.junit.jupiter.api.extension.RegisterExtension;

/** {@link RunIdSquatContractTest} on embedded PostgreSQL, its schedules there too. */
class PostgresRunIdSquatTest extends RunIdSquatContractTest {
  @RegisterExtension final ContractDatabase database = new ContractDatabase();

  @Override
  protected Store newStore() {
    return database.newStore();
  }

  @Override
  protected ScheduleStore newScheduleStore(Store instances) {
    return ((PostgresStore) instances).schedules();
  }
}
