package dev.clockwork.postgres.contract;

import dev.clockwork.runtime.CapContractTest;
import dev.clockwork.runtime.store.Store;
import org.junit.jupiter.api.extension.RegisterExtension;

/** {@link CapContractTest} on embedded PostgreSQL: two engines are two stores on one database. */
class PostgresCapTest extends CapContractTest {
  @RegisterExtension final ContractDatabase database = new ContractDatabase();

  @Override
  protected Store newStore() {
    return database.newStore();
  }

  @Override
  protected Store anotherNode() {
    return database.anotherStore();
  }
}
