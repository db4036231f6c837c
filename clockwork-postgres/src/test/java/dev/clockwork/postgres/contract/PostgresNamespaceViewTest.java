package dev.clockwork.postgres.contract;

import dev.clockwork.runtime.NamespaceViewContractTest;
import dev.clockwork.runtime.store.Store;
import org.junit.jupiter.api.extension.RegisterExtension;

/** {@link NamespaceViewContractTest} on embedded PostgreSQL. */
class PostgresNamespaceViewTest extends NamespaceViewContractTest {
  @RegisterExtension final ContractDatabase database = new ContractDatabase();

  @Override
  protected Store newStore() {
    return database.newStore();
  }
}
