package dev.clockwork.runtime;

import dev.clockwork.runtime.store.Store;
import dev.clockwork.runtime.store.memory.InMemoryStore;

/** {@link MigrationContractTest} on the in-memory store: 10,000 instances. */
class InMemoryMigrationTest extends MigrationContractTest {
  @Override
  protected Store newStore() {
    return new InMemoryStore();
  }
}
