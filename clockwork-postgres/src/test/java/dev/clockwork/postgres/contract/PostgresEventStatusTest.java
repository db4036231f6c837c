package dev.clockwork.postgres.contract;

import dev.clockwork.runtime.store.EventStatusContractTest;
import dev.clockwork.runtime.store.Store;
import org.junit.jupiter.api.extension.RegisterExtension;

/** {@link EventStatusContractTest} on embedded PostgreSQL. */
class PostgresEventStatusTest extends EventStatusContractTest {
  @RegisterExtension final ContractDatabase database = new ContractDatabase();

  @Override
  protected Store newStore() {
    return database.newStore();
  }
}
