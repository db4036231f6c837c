package dev.clockwork.postgres.contract;

import dev.clockwork.runtime.SendParentContractTest;
import dev.clockwork.runtime.store.Store;
import org.junit.jupiter.api.extension.RegisterExtension;

/** {@link SendParentContractTest} on embedded PostgreSQL. */
class PostgresSendParentTest extends SendParentContractTest {
  @RegisterExtension final ContractDatabase database = new ContractDatabase();

  @Override
  protected Store newStore() {
    return database.newStore();
  }
}
