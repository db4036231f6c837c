package dev.clockwork.postgres.contract;

import dev.clockwork.runtime.internal.retention.RetentionRaceContractTest;
import dev.clockwork.runtime.store.Store;
import org.junit.jupiter.api.extension.RegisterExtension;

/** {@link RetentionRaceContractTest} on embedded PostgreSQL. */
class PostgresRetentionRaceTest extends RetentionRaceContractTest {
  @RegisterExtension final ContractDatabase database = new ContractDatabase();

  @Override
  protected Store newStore() {
    return database.newStore();
  }
}
