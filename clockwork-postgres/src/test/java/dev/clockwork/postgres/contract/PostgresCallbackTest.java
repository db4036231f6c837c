package dev.clockwork.postgres.contract;

import dev.clockwork.runtime.store.CallbackContractTest;
import dev.clockwork.runtime.store.Store;
import org.junit.jupiter.api.extension.RegisterExtension;

/** {@link CallbackContractTest} on embedded PostgreSQL. */
class PostgresCallbackTest extends CallbackContractTest {
  @RegisterExtension final ContractDatabase database = new ContractDatabase();

  @Override
  protected Store newStore() {
    return database.newStore();
  }
}
