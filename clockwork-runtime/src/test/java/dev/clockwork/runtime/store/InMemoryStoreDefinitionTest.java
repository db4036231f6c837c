package dev.clockwork.runtime.store;

import dev.clockwork.runtime.store.memory.InMemoryStore;

class InMemoryStoreDefinitionTest extends DefinitionContractTest {
  @Override
  protected Store newStore() {
    return new InMemoryStore();
  }
}
