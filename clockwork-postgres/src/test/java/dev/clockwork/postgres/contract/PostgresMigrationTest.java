package dev.clockwork.postgres.contract;

import dev.clockwork.runtime.MigrationContractTest;
import dev.clockwork.runtime.store.Store;
import org.junit.jupiter.api.extension.RegisterExtension;

/** {@link MigrationContractTest} on embedded PostgreSQL, with 1,000 instances (a turn each). */
class PostgresMigrationTest extends MigrationContractTest {
  @RegisterExtension final ContractDatabase database = new ContractDatabase();

  @Override
  protected Store newStore() {
    return database.newStore();
  }

  @Override
  protected int instances() {
    return 1_000;
  }
}
