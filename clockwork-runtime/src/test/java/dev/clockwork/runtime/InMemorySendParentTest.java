package dev.clockwork.runtime;

import dev.clockwork.runtime.store.Store;
import dev.clockwork.runtime.store.memory.InMemoryStore;

class InMemorySendParentTest extends SendParentContractTest {
  @Override
  protected Store newStore() {
    return new InMemoryStore();
  }
}
