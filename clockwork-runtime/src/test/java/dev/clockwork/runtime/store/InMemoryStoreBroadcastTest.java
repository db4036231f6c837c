package dev.clockwork.runtime.store;

import dev.clockwork.runtime.store.memory.InMemoryStore;

class InMemoryStoreBroadcastTest extends BroadcastContractTest {
  @Override
  protected Store newStore() {
    return new InMemoryStore();
  }
}
