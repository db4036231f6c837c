package dev.clockwork.runtime.store;

import dev.clockwork.runtime.store.memory.InMemoryStore;

class InMemoryStoreNamespaceTest extends NamespaceContractTest {
  @Override
  protected Store newStore() {
    return new InMemoryStore();
  }
}
