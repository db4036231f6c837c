package dev.clockwork.postgres.contract;

import dev.clockwork.runtime.store.ClaimContractTest;
import dev.clockwork.runtime.store.Store;
import org.junit.jupiter.api.extension.RegisterExtension;

/** {@link ClaimContractTest} on embedded PostgreSQL. */
class PostgresClaimTest extends ClaimContractTest {
  @RegisterExtension final ContractDatabase database = new ContractDatabase();

  @Override
  protected Store newStore() {
    return database.newStore();
  }
}
