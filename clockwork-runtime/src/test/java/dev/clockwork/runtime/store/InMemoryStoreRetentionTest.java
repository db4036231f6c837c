package dev.clockwork.runtime.store;

import dev.clockwork.runtime.store.memory.InMemoryStore;

class InMemoryStoreRetentionTest extends RetentionContractTest {
  @Override
  protected Store newStore() {
    return new InMemoryStore();
  }
}
