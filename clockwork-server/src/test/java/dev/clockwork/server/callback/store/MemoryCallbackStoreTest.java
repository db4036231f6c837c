package dev.clockwork.server.callback.store;

import dev.clockwork.server.callback.CallbackStore;
import dev.clockwork.server.callback.CallbackStoreContract;

/** The callback store contract in memory. */
class MemoryCallbackStoreTest extends CallbackStoreContract {
  private final MemoryCallbackStore store = new MemoryCallbackStore();

  @Override
  protected CallbackStore store() {
    return store;
  }
}
