package dev.clockwork.postgres.contract;

import dev.clockwork.runtime.parallel.RegionJobWorkersContractTest;
import dev.clockwork.runtime.store.Store;
import org.junit.jupiter.api.extension.RegisterExtension;

/** {@link RegionJobWorkersContractTest} on embedded PostgreSQL. */
class PostgresRegionJobWorkersTest extends RegionJobWorkersContractTest {
  @RegisterExtension final ContractDatabase database = new ContractDatabase();

  @Override
  protected Store newStore() {
    return database.newStore();
  }
}
