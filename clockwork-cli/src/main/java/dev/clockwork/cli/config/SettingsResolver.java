package dev.clockwork.cli.config;

import dev.clockwork.core.ClockworkException;
import dev.clockwork.postgres.config.DatabaseConfig;
import dev.clockwork.runtime.config.Settings;
import dev.clockwork.server.config.ServerConfig;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;

/**
 * Reads a command's settings once, with the one reader of {@code clockwork.yaml} ({@link Settings}:
 * strict, every mistake named with its file, line and key), its {@code server:} and {@code
 * database:} blocks included, whichever the command uses. The file is {@code --config FILE} (which
 * must exist) or {@code ./clockwork.yaml} when present. The database is a {@code --jdbc-url} flag,
 * then the {@code CLOCKWORK_JDBC_URL} environment variable (with {@code CLOCKWORK_DB_USER}, {@code
 * CLOCKWORK_DB_PASSWORD}), then the file's {@code database:} block, then the database a {@code
 * clockwork dev} run in the same directory keeps ({@link DevDatabaseFile}); the file is read, and
 * its mistakes reported, whichever of them names the database.
 */
public final class SettingsResolver {
  public static final String URL_VARIABLE = "CLOCKWORK_JDBC_URL";
  public static final String USER_VARIABLE = "CLOCKWORK_DB_USER";
  public static final String PASSWORD_VARIABLE = "CLOCKWORK_DB_PASSWORD";
  static final Path DEFAULT_CONFIG = Path.of("clockwork.yaml");

  private final Map<String, String> environment;
  private final Path devDirectory;

  public SettingsResolver(Map<String, String> environment) {
    this(environment, DevDatabaseFile.DEFAULT_DIRECTORY);
  }

  /** Resolves with {@code devDirectory} where a running {@code clockwork dev} keeps its URL. */
  public SettingsResolver(Map<String, String> environment, Path devDirectory) {
    this.environment = environment;
    this.devDirectory = devDirectory;
  }

  public CommandSettings resolve(
      String urlFlag, String userFlag, String passwordFlag, Path config) {
    Path file = file(config);
    Settings parsed = read(file);
    return new CommandSettings(
        parsed,
        ServerConfig.from(parsed),
        database(urlFlag, userFlag, passwordFlag, file, DatabaseConfig.from(parsed)));
  }

  /**
   * The config file alone ({@code --config}, else {@code ./clockwork.yaml}, else defaults), its
   * {@code server:} and {@code database:} blocks checked.
   */
  public Settings config(Path config) {
    Settings parsed = read(file(config));
    ServerConfig.from(parsed);
    DatabaseConfig.from(parsed);
    return parsed;
  }

  private static Settings read(Path file) {
    return file == null ? Settings.defaults() : Settings.load(file);
  }

  /** The config file to read: {@code --config} (it must exist), else {@code ./clockwork.yaml}. */
  private static Path file(Path config) {
    if (config != null) {
      if (!Files.isRegularFile(config)) {
        throw new ClockworkException(
            "config file "
                + config
                + (Files.exists(config) ? " is not a file" : " does not exist")
                + "; pass --config with the path of your clockwork.yaml");
      }
      return config;
    }
    return Files.isRegularFile(DEFAULT_CONFIG) ? DEFAULT_CONFIG : null;
  }

  private DatabaseSettings database(
      String urlFlag,
      String userFlag,
      String passwordFlag,
      Path file,
      Optional<DatabaseConfig> block) {
    if (urlFlag != null) {
      return new DatabaseSettings(
          urlFlag,
          orElse(userFlag, environment.get(USER_VARIABLE)),
          orElse(passwordFlag, environment.get(PASSWORD_VARIABLE)),
          "--jdbc-url");
    }
    String url = environment.get(URL_VARIABLE);
    if (url != null && !url.isBlank()) {
      return new DatabaseSettings(
          url,
          orElse(userFlag, environment.get(USER_VARIABLE)),
          orElse(passwordFlag, environment.get(PASSWORD_VARIABLE)),
          URL_VARIABLE);
    }
    if (block.isPresent()) {
      return new DatabaseSettings(
          block.get().url(),
          orElse(userFlag, block.get().user()),
          orElse(passwordFlag, block.get().password()),
          file.toString());
    }
    Optional<String> dev = DevDatabaseFile.read(devDirectory);
    if (dev.isPresent()) {
      return new DatabaseSettings(
          dev.get(), userFlag, passwordFlag, DevDatabaseFile.source(devDirectory));
    }
    if (file != null) {
      throw new ClockworkException(
          "no database given: "
              + file
              + " has no database.url; add\n  database:\n    url: jdbc:postgresql://host:5432/db\n"
              + "or pass --jdbc-url, or set "
              + URL_VARIABLE);
    }
    throw new ClockworkException(
        "no database given: pass --jdbc-url jdbc:postgresql://host:5432/db, set "
            + URL_VARIABLE
            + ", or write a clockwork.yaml with database: {url: …} in the directory you run from ("
            + DEFAULT_CONFIG.toAbsolutePath().getParent()
            + ")");
  }

  private static String orElse(String first, String second) {
    return first != null ? first : second;
  }
}
