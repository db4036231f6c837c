package dev.clockwork.postgres.contract;

import dev.clockwork.runtime.instance.InstanceMetadataContractTest;
import dev.clockwork.runtime.store.Store;
import org.junit.jupiter.api.extension.RegisterExtension;

/** {@link InstanceMetadataContractTest} on embedded PostgreSQL. */
class PostgresInstanceMetadataTest extends InstanceMetadataContractTest {
  @RegisterExtension final ContractDatabase database = new ContractDatabase();

  @Override
  protected Store newStore() {
    return database.newStore();
  }
}
