package dev.clockwork.postgres.contract;

import dev.clockwork.runtime.NamespaceScopeContractTest;
import dev.clockwork.runtime.store.Store;
import org.junit.jupiter.api.extension.RegisterExtension;

/** {@link NamespaceScopeContractTest} on embedded PostgreSQL. */
class PostgresNamespaceScopeTest extends NamespaceScopeContractTest {
  @RegisterExtension final ContractDatabase database = new ContractDatabase();

  @Override
  protected Store newStore() {
    return database.newStore();
  }
}
