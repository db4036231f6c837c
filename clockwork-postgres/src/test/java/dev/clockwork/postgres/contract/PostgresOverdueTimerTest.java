package dev.clockwork.postgres.contract;

import dev.clockwork.runtime.OverdueTimerContractTest;
import dev.clockwork.runtime.store.Store;
import org.junit.jupiter.api.extension.RegisterExtension;

/** {@link OverdueTimerContractTest} on embedded PostgreSQL. */
class PostgresOverdueTimerTest extends OverdueTimerContractTest {
  @RegisterExtension final ContractDatabase database = new ContractDatabase();

  @Override
  protected Store newStore() {
    return database.newStore();
  }
}
