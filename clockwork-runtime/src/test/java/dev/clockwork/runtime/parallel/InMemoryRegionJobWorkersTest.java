package dev.clockwork.runtime.parallel;

import dev.clockwork.runtime.store.Store;
import dev.clockwork.runtime.store.memory.InMemoryStore;

class InMemoryRegionJobWorkersTest extends RegionJobWorkersContractTest {
  @Override
  protected Store newStore() {
    return new InMemoryStore();
  }
}
