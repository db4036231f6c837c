package dev.clockwork.runtime.faults;

import dev.clockwork.runtime.store.Store;
import dev.clockwork.runtime.store.memory.InMemoryStore;

class InMemoryCrashPointsTest extends CrashPointsContractTest {
  @Override
  protected Store newStore() {
    return new InMemoryStore();
  }
}
