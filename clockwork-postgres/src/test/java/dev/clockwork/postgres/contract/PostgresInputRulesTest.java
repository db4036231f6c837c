package dev.clockwork.postgres.contract;

import dev.clockwork.runtime.InputRulesContractTest;
import dev.clockwork.runtime.store.Store;
import org.junit.jupiter.api.extension.RegisterExtension;

/** {@link InputRulesContractTest} on embedded PostgreSQL. */
class PostgresInputRulesTest extends InputRulesContractTest {
  @RegisterExtension final ContractDatabase database = new ContractDatabase();

  @Override
  protected Store newStore() {
    return database.newStore();
  }
}
