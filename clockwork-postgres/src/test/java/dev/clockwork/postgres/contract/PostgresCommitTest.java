package dev.clockwork.postgres.contract;

import dev.clockwork.runtime.store.CommitContractTest;
import dev.clockwork.runtime.store.Store;
import org.junit.jupiter.api.extension.RegisterExtension;

/** {@link CommitContractTest} on embedded PostgreSQL. */
class PostgresCommitTest extends CommitContractTest {
  @RegisterExtension final ContractDatabase database = new ContractDatabase();

  @Override
  protected Store newStore() {
    return database.newStore();
  }
}
