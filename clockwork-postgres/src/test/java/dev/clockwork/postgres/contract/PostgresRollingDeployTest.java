package dev.clockwork.postgres.contract;

import dev.clockwork.runtime.RollingDeployContractTest;
import dev.clockwork.runtime.store.Store;
import org.junit.jupiter.api.extension.RegisterExtension;

/** {@link RollingDeployContractTest} on embedded PostgreSQL. */
class PostgresRollingDeployTest extends RollingDeployContractTest {
  @RegisterExtension final ContractDatabase database = new ContractDatabase();

  @Override
  protected Store newStore() {
    return database.newStore();
  }
}
