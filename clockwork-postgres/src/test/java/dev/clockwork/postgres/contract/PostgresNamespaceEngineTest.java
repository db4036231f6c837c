package dev.clockwork.postgres.contract;

import dev.clockwork.runtime.NamespaceContractTest;
import dev.clockwork.runtime.store.Store;
import org.junit.jupiter.api.extension.RegisterExtension;

/** {@link NamespaceContractTest} on embedded PostgreSQL. */
class PostgresNamespaceEngineTest extends NamespaceContractTest {
  @RegisterExtension final ContractDatabase database = new ContractDatabase();

  @Override
  protected Store newStore() {
    return database.newStore();
  }
}
