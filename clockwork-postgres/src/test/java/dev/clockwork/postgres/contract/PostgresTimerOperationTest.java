package dev.clockwork.postgres.contract;

import dev.clockwork.runtime.TimerOperationContractTest;
import dev.clockwork.runtime.store.Store;
import org.junit.jupiter.api.extension.RegisterExtension;

/** {@link TimerOperationContractTest} on embedded PostgreSQL. */
class PostgresTimerOperationTest extends TimerOperationContractTest {
  @RegisterExtension final ContractDatabase database = new ContractDatabase();

  @Override
  protected Store newStore() {
    return database.newStore();
  }
}
