package dev.clockwork.postgres.contract;

import dev.clockwork.runtime.DeploymentContractTest;
import dev.clockwork.runtime.store.Store;
import org.junit.jupiter.api.extension.RegisterExtension;

/** {@link DeploymentContractTest} on embedded PostgreSQL. */
class PostgresDeploymentTest extends DeploymentContractTest {
  @RegisterExtension final ContractDatabase database = new ContractDatabase();

  @Override
  protected Store newStore() {
    return database.newStore();
  }
}
