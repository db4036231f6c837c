package dev.clockwork.postgres.contract;

import dev.clockwork.runtime.EventIntakeContractTest;
import dev.clockwork.runtime.store.Store;
import org.junit.jupiter.api.extension.RegisterExtension;

/** {@link EventIntakeContractTest} on embedded PostgreSQL. */
class PostgresEventIntakeTest extends EventIntakeContractTest {
  @RegisterExtension final ContractDatabase database = new ContractDatabase();

  @Override
  protected Store newStore() {
    return database.newStore();
  }
}
