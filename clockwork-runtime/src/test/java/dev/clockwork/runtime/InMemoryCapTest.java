package dev.clockwork.runtime;

import dev.clockwork.runtime.store.Store;
import dev.clockwork.runtime.store.memory.InMemoryStore;

class InMemoryCapTest extends CapContractTest {
  @Override
  protected Store newStore() {
    return new InMemoryStore();
  }
}
