package dev.clockwork.runtime.store;

import dev.clockwork.runtime.store.memory.InMemoryStore;

class InMemoryStoreQueueActivityTest extends QueueActivityContractTest {
  @Override
  protected Store newStore() {
    return new InMemoryStore();
  }
}
