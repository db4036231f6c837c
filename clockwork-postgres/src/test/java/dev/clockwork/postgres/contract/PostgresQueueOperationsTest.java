package dev.clockwork.postgres.contract;

import dev.clockwork.runtime.store.QueueOperationsContractTest;
import dev.clockwork.runtime.store.Store;
import org.junit.jupiter.api.extension.RegisterExtension;

/** {@link QueueOperationsContractTest} on embedded PostgreSQL. */
class PostgresQueueOperationsTest extends QueueOperationsContractTest {
  @RegisterExtension final ContractDatabase database = new ContractDatabase();

  @Override
  protected Store newStore() {
    return database.newStore();
  }
}
