package dev.clockwork.postgres.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.clockwork.runtime.config.ConfigException;
import dev.clockwork.runtime.config.Settings;
import org.junit.jupiter.api.Test;

/** The {@code database:} block, read through the engine's reader of {@code clockwork.yaml}. */
class DatabaseConfigTest {

  @Test
  void theBlockGivesTheUrlAndTheCredentials() {
    Settings file =
        Settings.parse(
            """
            database:
              url: jdbc:postgresql://localhost:5432/app
              user: app
            timers:
              batch_size: 250
            """,
            "clockwork.yaml");
    assertThat(DatabaseConfig.from(file))
        .contains(new DatabaseConfig("jdbc:postgresql://localhost:5432/app", "app", null));
  }

  @Test
  void aFileWithoutOneNamesNoDatabase() {
    assertThat(DatabaseConfig.from(Settings.parse("system: shop\n", "clockwork.yaml"))).isEmpty();
    assertThat(DatabaseConfig.from(Settings.defaults())).isEmpty();
  }

  @Test
  void aMisspeltKeyIsNamedWithItsLine() {
    Settings file = Settings.parse("database:\n  usr: app\n", "clockwork.yaml");
    assertThatThrownBy(() -> DatabaseConfig.from(file))
        .isInstanceOf(ConfigException.class)
        .hasMessageStartingWith("clockwork.yaml:2: database.usr: unknown key; did you mean user?");
  }
}
