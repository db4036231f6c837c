package dev.clockwork.runtime.parallel;

import dev.clockwork.runtime.store.Store;
import dev.clockwork.runtime.store.memory.InMemoryStore;

class InMemoryParallelDispatchTest extends ParallelDispatchContractTest {
  @Override
  protected Store newStore() {
    return new InMemoryStore();
  }
}
