package dev.clockwork.postgres.contract;

import dev.clockwork.runtime.store.QueueActivityContractTest;
import dev.clockwork.runtime.store.Store;
import org.junit.jupiter.api.extension.RegisterExtension;

/** {@link QueueActivityContractTest} on embedded PostgreSQL. */
class PostgresQueueActivityTest extends QueueActivityContractTest {
  @RegisterExtension final ContractDatabase database = new ContractDatabase();

  @Override
  protected Store newStore() {
    return database.newStore();
  }
}
