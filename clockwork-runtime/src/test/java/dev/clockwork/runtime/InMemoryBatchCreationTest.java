package dev.clockwork.runtime;

import dev.clockwork.runtime.store.Store;
import dev.clockwork.runtime.store.memory.InMemoryStore;

/** {@link BatchCreationContractTest} on the in-memory store. */
class InMemoryBatchCreationTest extends BatchCreationContractTest {
  @Override
  protected Store newStore() {
    return new InMemoryStore();
  }
}
