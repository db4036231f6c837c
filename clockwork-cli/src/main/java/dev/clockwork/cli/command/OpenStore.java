package dev.clockwork.cli.command;

import dev.clockwork.cli.CliEnvironment;
import dev.clockwork.runtime.store.Store;

/** A store opened for one command and closed with it (when the store is closeable). */
record OpenStore(Store store) implements AutoCloseable {
  /** Opens the store the command's database options name. */
  static OpenStore open(CliEnvironment env, DatabaseOptions database) {
    return new OpenStore(env.database().open(database.resolve(env)));
  }

  Store get() {
    return store;
  }

  @Override
  public void close() throws Exception {
    if (store instanceof AutoCloseable closeable) {
      closeable.close();
    }
  }
}
