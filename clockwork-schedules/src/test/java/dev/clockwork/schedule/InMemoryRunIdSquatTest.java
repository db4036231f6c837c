package dev.clockwork.schedule;

import dev.clockwork.runtime.store.Store;
import dev.clockwork.runtime.store.memory.InMemoryStore;

class InMemoryRunIdSquatTest extends RunIdSquatContractTest {
  @Override
  protected Store newStore() {
    return new InMemoryStore();
  }
}
