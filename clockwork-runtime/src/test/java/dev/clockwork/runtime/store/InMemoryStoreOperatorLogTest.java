package dev.clockwork.runtime.store;

import dev.clockwork.runtime.store.memory.InMemoryStore;

class InMemoryStoreOperatorLogTest extends OperatorLogContractTest {
  @Override
  protected Store newStore() {
    return new InMemoryStore();
  }
}
