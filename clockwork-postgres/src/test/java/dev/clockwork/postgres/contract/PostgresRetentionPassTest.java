package dev.clockwork.postgres.contract;

import dev.clockwork.runtime.internal.retention.RetentionPassContractTest;
import dev.clockwork.runtime.store.Store;
import org.junit.jupiter.api.extension.RegisterExtension;

/** {@link RetentionPassContractTest} on embedded PostgreSQL. */
class PostgresRetentionPassTest extends RetentionPassContractTest {
  @RegisterExtension final ContractDatabase database = new ContractDatabase();

  @Override
  protected Store newStore() {
    return database.newStore();
  }
}
