package dev.clockwork.runtime.store;

import dev.clockwork.runtime.store.memory.InMemoryStore;

class InMemoryStoreCallbackTest extends CallbackContractTest {
  @Override
  protected Store newStore() {
    return new InMemoryStore();
  }
}
