package dev.clockwork.runtime.store;

import dev.clockwork.runtime.store.memory.InMemoryStore;

class InMemoryStoreEventStatusTest extends EventStatusContractTest {
  @Override
  protected Store newStore() {
    return new InMemoryStore();
  }
}
