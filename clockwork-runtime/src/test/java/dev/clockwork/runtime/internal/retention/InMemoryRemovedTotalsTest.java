package dev.clockwork.runtime.internal.retention;

import dev.clockwork.runtime.store.Store;
import dev.clockwork.runtime.store.memory.InMemoryStore;

class InMemoryRemovedTotalsTest extends RemovedTotalsContractTest {
  @Override
  protected Store newStore() {
    return new InMemoryStore();
  }
}
