package dev.clockwork.runtime.instance;

import dev.clockwork.runtime.store.Store;
import dev.clockwork.runtime.store.memory.InMemoryStore;

class InMemoryQueueRoutingTest extends QueueRoutingContractTest {
  @Override
  protected Store newStore() {
    return new InMemoryStore();
  }
}
