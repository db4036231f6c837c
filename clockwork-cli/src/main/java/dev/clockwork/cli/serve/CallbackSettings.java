package dev.clockwork.cli.serve;

import dev.clockwork.core.ClockworkException;
import dev.clockwork.runtime.store.CallbackStore;
import dev.clockwork.server.callback.CallbackOptions;
import dev.clockwork.server.config.ServerConfig;
import java.util.Map;

/**
 * The callback options of {@code server.callbacks} in {@code clockwork.yaml}: its allow-list, and
 * the signing secret read from the environment variable it names (never from the file).
 */
final class CallbackSettings {
  private CallbackSettings() {}

  /** The options, or null when the file has no {@code server.callbacks} block. */
  static CallbackOptions of(
      ServerConfig server, CallbackStore store, Map<String, String> environment) {
    ServerConfig.CallbackConfig config = server.callbacks();
    if (config == null) {
      return null;
    }
    String secret = environment.get(config.secretEnv());
    if (secret == null || secret.isBlank()) {
      throw new ClockworkException(
          "server.callbacks needs its signing secret in the environment: set "
              + config.secretEnv()
              + " (16 or more characters, the same on every node), or name another variable"
              + " with server.callbacks.secret_env");
    }
    try {
      CallbackOptions.Builder options =
          CallbackOptions.builder(store).secret(secret).allowHttp(config.allowHttp());
      config.allowHosts().forEach(options::allowHost);
      return options.build();
    } catch (IllegalArgumentException e) {
      throw new ClockworkException(
          "server.callbacks in clockwork.yaml (secret from "
              + config.secretEnv()
              + "): "
              + e.getMessage(),
          e);
    }
  }
}
