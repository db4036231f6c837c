package dev.clockwork.postgres.contract;

import dev.clockwork.postgres.PostgresStore;
import dev.clockwork.runtime.store.Store;
import dev.clockwork.schedule.ScheduledRunQueueRoutingContractTest;
import dev.clockwork.schedule.store.ScheduleStore;
import org.junit.jupiter.api.extension.RegisterExtension;

/** {@link ScheduledRunQueueRoutingContractTest} on embedded PostgreSQL, its schedules there too. */
class PostgresScheduledRunQueueRoutingTest extends ScheduledRunQueueRoutingContractTest {
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
