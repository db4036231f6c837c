package dev.clockwork.postgres.contract;

import dev.clockwork.runtime.StoredIdContractTest;
import dev.clockwork.runtime.store.Store;
import org.junit.jupiter.api.extension.RegisterExtension;

/** {@link StoredIdContractTest} on embedded PostgreSQL. */
class PostgresStoredIdTest extends StoredIdContractTest {
  @RegisterExtension final ContractDatabase database = new ContractDatabase();

  @Override
  protected Store newStore() {
    return database.newStore();
  }
}
