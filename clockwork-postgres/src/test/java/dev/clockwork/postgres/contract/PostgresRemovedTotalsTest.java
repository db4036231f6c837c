package dev.clockwork.postgres.contract;

import dev.clockwork.runtime.internal.retention.RemovedTotalsContractTest;
import dev.clockwork.runtime.store.Store;
import org.junit.jupiter.api.extension.RegisterExtension;

/** {@link RemovedTotalsContractTest} on embedded PostgreSQL. */
class PostgresRemovedTotalsTest extends RemovedTotalsContractTest {
  @RegisterExtension final ContractDatabase database = new ContractDatabase();

  @Override
  protected Store newStore() {
    return database.newStore();
  }
}
