package dev.clockwork.runtime.store;

import dev.clockwork.runtime.store.memory.InMemoryStore;

class InMemoryStoreRegionJobTest extends RegionJobContractTest {
  @Override
  protected Store newStore() {
    return new InMemoryStore();
  }
}
