package dev.clockwork.runtime.instance;

import dev.clockwork.runtime.store.Store;
import dev.clockwork.runtime.store.memory.InMemoryStore;

class InMemoryInstanceMetadataTest extends InstanceMetadataContractTest {
  @Override
  protected Store newStore() {
    return new InMemoryStore();
  }
}
