package dev.clockwork.runtime;

import dev.clockwork.runtime.store.Store;
import dev.clockwork.runtime.store.memory.InMemoryStore;

class InMemoryNamespaceScopeTest extends NamespaceScopeContractTest {
  @Override
  protected Store newStore() {
    return new InMemoryStore();
  }
}
