package dev.clockwork.runtime.store;

import dev.clockwork.runtime.store.memory.InMemoryStore;

class InMemoryStoreCommitTest extends CommitContractTest {
  @Override
  protected Store newStore() {
    return new InMemoryStore();
  }
}
