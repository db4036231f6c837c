package dev.clockwork.postgres.contract;

import dev.clockwork.runtime.instance.QueueRoutingContractTest;
import dev.clockwork.runtime.store.Store;
import org.junit.jupiter.api.extension.RegisterExtension;

/** {@link QueueRoutingContractTest} on embedded PostgreSQL. */
class PostgresQueueRoutingTest extends QueueRoutingContractTest {
  @RegisterExtension final ContractDatabase database = new ContractDatabase();

  @Override
  protected Store newStore() {
    return database.newStore();
  }
}
