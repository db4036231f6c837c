package dev.clockwork.postgres.contract;

import dev.clockwork.runtime.store.OperatorLogContractTest;
import dev.clockwork.runtime.store.Store;
import org.junit.jupiter.api.extension.RegisterExtension;

/** {@link OperatorLogContractTest} on embedded PostgreSQL. */
class PostgresOperatorLogTest extends OperatorLogContractTest {
  @RegisterExtension final ContractDatabase database = new ContractDatabase();

  @Override
  protected Store newStore() {
    return database.newStore();
  }
}
