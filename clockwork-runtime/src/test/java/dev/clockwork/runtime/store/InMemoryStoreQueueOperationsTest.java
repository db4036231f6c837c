package dev.clockwork.runtime.store;

import dev.clockwork.runtime.store.memory.InMemoryStore;

class InMemoryStoreQueueOperationsTest extends QueueOperationsContractTest {
  @Override
  protected Store newStore() {
    return new InMemoryStore();
  }
}
