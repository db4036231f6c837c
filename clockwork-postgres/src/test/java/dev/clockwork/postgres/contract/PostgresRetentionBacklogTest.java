package dev.clockwork.postgres.contract;

import dev.clockwork.runtime.store.RetentionBacklogContractTest;
import dev.clockwork.runtime.store.Store;
import org.junit.jupiter.api.extension.RegisterExtension;

/** {@link RetentionBacklogContractTest} on embedded PostgreSQL. */
class PostgresRetentionBacklogTest extends RetentionBacklogContractTest {
  @RegisterExtension final ContractDatabase database = new ContractDatabase();

  @Override
  protected Store newStore() {
    return database.newStore();
  }
}
