package dev.clockwork.runtime;

import dev.clockwork.runtime.store.Store;
import dev.clockwork.runtime.store.memory.InMemoryStore;

/** {@link TimerOperationContractTest} on the in-memory store. */
class InMemoryTimerOperationTest extends TimerOperationContractTest {
  @Override
  protected Store newStore() {
    return new InMemoryStore();
  }
}
