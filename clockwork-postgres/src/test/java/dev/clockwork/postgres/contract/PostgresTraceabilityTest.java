package dev.clockwork.postgres.contract;

import dev.clockwork.runtime.TraceabilityContractTest;
import dev.clockwork.runtime.store.Store;
import org.junit.jupiter.api.extension.RegisterExtension;

/** {@link TraceabilityContractTest} on embedded PostgreSQL. */
class PostgresTraceabilityTest extends TraceabilityContractTest {
  @RegisterExtension final ContractDatabase database = new ContractDatabase();

  @Override
  protected Store newStore() {
    return database.newStore();
  }
}
