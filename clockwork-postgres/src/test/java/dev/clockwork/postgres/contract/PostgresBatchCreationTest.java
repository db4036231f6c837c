package dev.clockwork.postgres.contract;

import dev.clockwork.runtime.BatchCreationContractTest;
import dev.clockwork.runtime.store.Store;
import org.junit.jupiter.api.extension.RegisterExtension;

/** {@link BatchCreationContractTest} on embedded PostgreSQL. */
class PostgresBatchCreationTest extends BatchCreationContractTest {
  @RegisterExtension final ContractDatabase database = new ContractDatabase();

  @Override
  protected Store newStore() {
    return database.newStore();
  }
}
