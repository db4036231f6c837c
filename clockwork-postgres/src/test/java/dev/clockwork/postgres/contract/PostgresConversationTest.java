package dev.clockwork.postgres.contract;

import dev.clockwork.runtime.ConversationContractTest;
import dev.clockwork.runtime.store.Store;
import org.junit.jupiter.api.extension.RegisterExtension;

/** {@link ConversationContractTest} on embedded PostgreSQL. */
class PostgresConversationTest extends ConversationContractTest {
  @RegisterExtension final ContractDatabase database = new ContractDatabase();

  @Override
  protected Store newStore() {
    return database.newStore();
  }
}
