package dev.clockwork.runtime;

import dev.clockwork.runtime.store.Store;
import dev.clockwork.runtime.store.memory.InMemoryStore;

/** {@link RollingDeployContractTest} on the in-memory store. */
class InMemoryRollingDeployTest extends RollingDeployContractTest {
  @Override
  protected Store newStore() {
    return new InMemoryStore();
  }
}
