package dev.clockwork.runtime.store;

import dev.clockwork.runtime.store.memory.InMemoryStore;

class InMemoryStoreMetadataTest extends MetadataContractTest {
  @Override
  protected Store newStore() {
    return new InMemoryStore();
  }
}
