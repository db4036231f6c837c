package dev.clockwork.postgres.config;

import dev.clockwork.runtime.config.ConfigBlock;
import dev.clockwork.runtime.config.Settings;
import java.util.Optional;
import java.util.Set;

/**
 * The {@code database:} block of {@code clockwork.yaml}: where the database is, for the commands
 * and servers that connect from the file ({@code PostgresStore.builder().url(…)} is its form in
 * code). Read through the engine's one reader: a mistake names the file, the line and the key.
 *
 * <pre>{@code
 * database:
 *   url: jdbc:postgresql://localhost:5432/app
 *   user: app
 *   password: secret
 * }</pre>
 *
 * @param url JDBC URL
 * @param user user, or null
 * @param password password, or null
 */
public record DatabaseConfig(String url, String user, String password) {
  private static final Set<String> KEYS = Set.of("url", "user", "password");

  /**
   * The {@code database:} block of {@code settings}, when it names a URL.
   *
   * @throws dev.clockwork.runtime.config.ConfigException naming the file, the line and the key
   */
  public static Optional<DatabaseConfig> from(Settings settings) {
    ConfigBlock database = settings.block("database").allowOnly(KEYS);
    if (!database.has("url")) {
      return Optional.empty();
    }
    return Optional.of(
        new DatabaseConfig(
            database.text("url", null),
            database.text("user", null),
            database.text("password", null)));
  }
}
