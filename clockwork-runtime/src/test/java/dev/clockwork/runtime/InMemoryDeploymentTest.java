package dev.clockwork.runtime;

import dev.clockwork.runtime.store.Store;
import dev.clockwork.runtime.store.memory.InMemoryStore;

/** {@link DeploymentContractTest} on the in-memory store. */
class InMemoryDeploymentTest extends DeploymentContractTest {
  @Override
  protected Store newStore() {
    return new InMemoryStore();
  }
}
