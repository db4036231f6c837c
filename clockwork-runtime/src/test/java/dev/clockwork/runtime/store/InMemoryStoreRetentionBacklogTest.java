package dev.clockwork.runtime.store;

import dev.clockwork.runtime.store.memory.InMemoryStore;

class InMemoryStoreRetentionBacklogTest extends RetentionBacklogContractTest {
  @Override
  protected Store newStore() {
    return new InMemoryStore();
  }
}
