package dev.clockwork.runtime.store;

import dev.clockwork.runtime.store.memory.InMemoryStore;

class InMemoryStoreClaimTest extends ClaimContractTest {
  @Override
  protected Store newStore() {
    return new InMemoryStore();
  }
}
