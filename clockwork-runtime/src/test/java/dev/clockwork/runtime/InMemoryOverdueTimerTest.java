package dev.clockwork.runtime;

import dev.clockwork.runtime.store.Store;
import dev.clockwork.runtime.store.memory.InMemoryStore;

/** {@link OverdueTimerContractTest} on the in-memory store. */
class InMemoryOverdueTimerTest extends OverdueTimerContractTest {
  @Override
  protected Store newStore() {
    return new InMemoryStore();
  }
}
