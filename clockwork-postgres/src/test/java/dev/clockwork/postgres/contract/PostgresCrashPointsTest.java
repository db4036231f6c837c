package dev.clockwork.postgres.contract;

import dev.clockwork.runtime.faults.CrashPointsContractTest;
import dev.clockwork.runtime.store.Store;
import org.junit.jupiter.api.extension.RegisterExtension;

/** {@link CrashPointsContractTest} on embedded PostgreSQL. */
class PostgresCrashPointsTest extends CrashPointsContractTest {
  @RegisterExtension final ContractDatabase database = new ContractDatabase();

  @Override
  protected Store newStore() {
    return database.newStore();
  }
}
