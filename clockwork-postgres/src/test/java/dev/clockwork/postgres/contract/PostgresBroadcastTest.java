package dev.clockwork.postgres.contract;

import dev.clockwork.runtime.store.BroadcastContractTest;
import dev.clockwork.runtime.store.Store;
import org.junit.jupiter.api.extension.RegisterExtension;

/** {@link BroadcastContractTest} on embedded PostgreSQL. */
class PostgresBroadcastTest extends BroadcastContractTest {
  @RegisterExtension final ContractDatabase database = new ContractDatabase();

  @Override
  protected Store newStore() {
    return database.newStore();
  }
}
