package dev.clockwork.cli.config;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import dev.clockwork.core.ClockworkException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

/**
 * Finds the database settings: a {@code --jdbc-url} flag wins, then the {@code CLOCKWORK_JDBC_URL}
 * environment variable (with {@code CLOCKWORK_DB_USER}, {@code CLOCKWORK_DB_PASSWORD}), then the
 * {@code database:} block of a config file ({@code --config}, or {@code ./clockwork.yaml}).
 */
public final class SettingsResolver {
  public static final String URL_VARIABLE = "CLOCKWORK_JDBC_URL";
  public static final String USER_VARIABLE = "CLOCKWORK_DB_USER";
  public static final String PASSWORD_VARIABLE = "CLOCKWORK_DB_PASSWORD";
  private static final Path DEFAULT_CONFIG = Path.of("clockwork.yaml");

  private final Map<String, String> environment;

  public SettingsResolver(Map<String, String> environment) {
    this.environment = environment;
  }

  public DatabaseSettings resolve(
      String urlFlag, String userFlag, String passwordFlag, Path config) {
    if (urlFlag != null) {
      return new DatabaseSettings(urlFlag, userFlag, passwordFlag, "--jdbc-url");
    }
    String url = environment.get(URL_VARIABLE);
    if (url != null && !url.isBlank()) {
      return new DatabaseSettings(
          url,
          orElse(userFlag, environment.get(USER_VARIABLE)),
          orElse(passwordFlag, environment.get(PASSWORD_VARIABLE)),
          URL_VARIABLE);
    }
    Path file = config != null ? config : DEFAULT_CONFIG;
    if (config != null && !Files.exists(file)) {
      throw new ClockworkException("config file " + file + " does not exist");
    }
    if (Files.exists(file)) {
      return fromFile(file, userFlag, passwordFlag);
    }
    throw new ClockworkException(
        "no database given: pass --jdbc-url jdbc:postgresql://host:5432/db, set "
            + URL_VARIABLE
            + ", or write a clockwork.yaml with database: {url: …}");
  }

  private static DatabaseSettings fromFile(Path file, String userFlag, String passwordFlag) {
    JsonNode root;
    try {
      root = new ObjectMapper(new YAMLFactory()).readTree(file.toFile());
    } catch (IOException e) {
      throw new ClockworkException("cannot read " + file + ": " + e.getMessage(), e);
    }
    JsonNode database = root == null ? null : root.get("database");
    if (database == null || database.get("url") == null) {
      throw new ClockworkException(
          file + " has no database.url; add\n  database:\n    url: jdbc:postgresql://host:5432/db");
    }
    return new DatabaseSettings(
        database.get("url").asText(),
        orElse(userFlag, text(database, "user")),
        orElse(passwordFlag, text(database, "password")),
        file.toString());
  }

  private static String text(JsonNode node, String field) {
    JsonNode value = node.get(field);
    return value == null || value.isNull() ? null : value.asText();
  }

  private static String orElse(String first, String second) {
    return first != null ? first : second;
  }
}
