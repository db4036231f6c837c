package dev.clockwork.postgres.contract;

import dev.clockwork.runtime.store.DefinitionContractTest;
import dev.clockwork.runtime.store.Store;
import org.junit.jupiter.api.extension.RegisterExtension;

/** {@link DefinitionContractTest} on embedded PostgreSQL. */
class PostgresDefinitionTest extends DefinitionContractTest {
  @RegisterExtension final ContractDatabase database = new ContractDatabase();

  @Override
  protected Store newStore() {
    return database.newStore();
  }
}
