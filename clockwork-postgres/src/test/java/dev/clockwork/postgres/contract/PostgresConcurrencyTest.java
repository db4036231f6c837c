package dev.clockwork.postgres.contract;

import dev.clockwork.runtime.ConcurrencyContractTest;
import dev.clockwork.runtime.store.Store;
import org.junit.jupiter.api.extension.RegisterExtension;

/** {@link ConcurrencyContractTest} on embedded PostgreSQL. */
class PostgresConcurrencyTest extends ConcurrencyContractTest {
  @RegisterExtension final ContractDatabase database = new ContractDatabase();

  @Override
  protected Store newStore() {
    return database.newStore();
  }
}
