package dev.clockwork.postgres.contract;

import dev.clockwork.runtime.store.RetentionContractTest;
import dev.clockwork.runtime.store.Store;
import org.junit.jupiter.api.extension.RegisterExtension;

/** {@link RetentionContractTest} on embedded PostgreSQL. */
class PostgresRetentionTest extends RetentionContractTest {
  @RegisterExtension final ContractDatabase database = new ContractDatabase();

  @Override
  protected Store newStore() {
    return database.newStore();
  }
}
