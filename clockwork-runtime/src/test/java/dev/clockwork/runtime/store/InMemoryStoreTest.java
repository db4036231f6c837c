package dev.clockwork.runtime.store;

import dev.clockwork.runtime.store.memory.InMemoryStore;

class InMemoryStoreTest extends StoreContractTest {
  @Override
  protected Store newStore() {
    return new InMemoryStore();
  }
}
