package dev.clockwork.cli.command;

import dev.clockwork.cli.CliEnvironment;
import dev.clockwork.core.ClockworkException;
import dev.clockwork.core.InvalidDefinitionException;
import dev.clockwork.core.time.Durations;
import dev.clockwork.runtime.admin.QueueAdmin;
import dev.clockwork.runtime.config.ClockworkConfig;
import dev.clockwork.runtime.store.Store;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;

/** What every {@code queue} command needs: the store, the config and the admin over both. */
final class QueueContext implements AutoCloseable {
  final Store store;
  final ClockworkConfig config;
  final QueueAdmin admin;
  private final OpenStore opened;

  private QueueContext(OpenStore opened, ClockworkConfig config, QueueAdmin admin) {
    this.opened = opened;
    this.store = opened.get();
    this.config = config;
    this.admin = admin;
  }

  static QueueContext open(CliEnvironment env, DatabaseOptions database) {
    Path file = database.config != null ? database.config : Path.of("clockwork.yaml");
    ClockworkConfig config =
        Files.exists(file) ? ClockworkConfig.load(file) : ClockworkConfig.defaults();
    OpenStore opened = OpenStore.open(env, database);
    return new QueueContext(
        opened, config, new QueueAdmin(opened.get(), env.clock(), config::queueFor));
  }

  /** A duration from {@code --delay 5s} or {@code --older-than 24h}; a clear error otherwise. */
  static Duration duration(String option, String text) {
    if (text == null) {
      return null;
    }
    try {
      return Durations.parse(text);
    } catch (InvalidDefinitionException e) {
      throw new ClockworkException(option + ": " + e.getMessage());
    }
  }

  @Override
  public void close() throws Exception {
    opened.close();
  }
}
