package dev.clockwork.postgres.contract;

import dev.clockwork.runtime.store.Store;
import dev.clockwork.runtime.store.StoreContractTest;
import org.junit.jupiter.api.extension.RegisterExtension;

/** {@link StoreContractTest} on embedded PostgreSQL. */
class PostgresStoreTest extends StoreContractTest {
  @RegisterExtension final ContractDatabase database = new ContractDatabase();

  @Override
  protected Store newStore() {
    return database.newStore();
  }
}
