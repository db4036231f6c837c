package dev.clockwork.postgres.contract;

import dev.clockwork.runtime.EngineContractTest;
import dev.clockwork.runtime.store.Store;
import org.junit.jupiter.api.extension.RegisterExtension;

/** {@link EngineContractTest} on embedded PostgreSQL. */
class PostgresEngineTest extends EngineContractTest {
  @RegisterExtension final ContractDatabase database = new ContractDatabase();

  @Override
  protected Store newStore() {
    return database.newStore();
  }
}
