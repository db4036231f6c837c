package dev.clockwork.postgres.contract;

import dev.clockwork.runtime.TimerFailureContractTest;
import dev.clockwork.runtime.store.Store;
import org.junit.jupiter.api.extension.RegisterExtension;

/** {@link TimerFailureContractTest} on embedded PostgreSQL. */
class PostgresTimerFailureTest extends TimerFailureContractTest {
  @RegisterExtension final ContractDatabase database = new ContractDatabase();

  @Override
  protected Store newStore() {
    return database.newStore();
  }
}
