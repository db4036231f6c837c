package dev.clockwork.runtime;

import dev.clockwork.runtime.store.Store;
import dev.clockwork.runtime.store.memory.InMemoryStore;

/** {@link HistoryStatesContractTest} on the in-memory store. */
class InMemoryHistoryStatesTest extends HistoryStatesContractTest {
  @Override
  protected Store newStore() {
    return new InMemoryStore();
  }
}
