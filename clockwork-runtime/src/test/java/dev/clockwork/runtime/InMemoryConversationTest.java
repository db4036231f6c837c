package dev.clockwork.runtime;

import dev.clockwork.runtime.store.Store;
import dev.clockwork.runtime.store.memory.InMemoryStore;

class InMemoryConversationTest extends ConversationContractTest {
  @Override
  protected Store newStore() {
    return new InMemoryStore();
  }
}
