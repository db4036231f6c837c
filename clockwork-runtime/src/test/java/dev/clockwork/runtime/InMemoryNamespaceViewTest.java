package dev.clockwork.runtime;

import dev.clockwork.runtime.store.Store;
import dev.clockwork.runtime.store.memory.InMemoryStore;

class InMemoryNamespaceViewTest extends NamespaceViewContractTest {
  @Override
  protected Store newStore() {
    return new InMemoryStore();
  }
}
