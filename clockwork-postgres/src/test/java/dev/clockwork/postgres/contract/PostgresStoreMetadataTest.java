package dev.clockwork.postgres.contract;

import dev.clockwork.runtime.store.MetadataContractTest;
import dev.clockwork.runtime.store.Store;
import org.junit.jupiter.api.extension.RegisterExtension;

/** {@link MetadataContractTest} on embedded PostgreSQL. */
class PostgresStoreMetadataTest extends MetadataContractTest {
  @RegisterExtension final ContractDatabase database = new ContractDatabase();

  @Override
  protected Store newStore() {
    return database.newStore();
  }
}
