package dev.clockwork.postgres.contract;

import dev.clockwork.runtime.parallel.ParallelDispatchContractTest;
import dev.clockwork.runtime.store.Store;
import org.junit.jupiter.api.extension.RegisterExtension;

/** {@link ParallelDispatchContractTest} on embedded PostgreSQL. */
class PostgresParallelDispatchTest extends ParallelDispatchContractTest {
  @RegisterExtension final ContractDatabase database = new ContractDatabase();

  @Override
  protected Store newStore() {
    return database.newStore();
  }
}
