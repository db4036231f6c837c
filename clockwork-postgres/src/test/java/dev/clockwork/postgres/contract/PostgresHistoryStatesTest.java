package dev.clockwork.postgres.contract;

import dev.clockwork.runtime.HistoryStatesContractTest;
import dev.clockwork.runtime.store.Store;
import org.junit.jupiter.api.extension.RegisterExtension;

/** {@link HistoryStatesContractTest} on embedded PostgreSQL. */
class PostgresHistoryStatesTest extends HistoryStatesContractTest {
  @RegisterExtension final ContractDatabase database = new ContractDatabase();

  @Override
  protected Store newStore() {
    return database.newStore();
  }
}
