package dev.clockwork.schedule;

import dev.clockwork.runtime.store.Store;
import dev.clockwork.runtime.store.memory.InMemoryStore;

class InMemoryScheduledRunQueueRoutingTest extends ScheduledRunQueueRoutingContractTest {
  @Override
  protected Store newStore() {
    return new InMemoryStore();
  }
}
