package dev.clockwork.cli.config;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Where a command's database, user and password come from, flag by flag and variable by variable.
 */
class SettingsResolverTest {
  private static final Map<String, String> CREDENTIALS =
      Map.of("CLOCKWORK_DB_USER", "ops", "CLOCKWORK_DB_PASSWORD", "secret");

  @Test
  void withJdbcUrlTheUserAndPasswordDefaultToTheirVariables() {
    DatabaseSettings database =
        new SettingsResolver(CREDENTIALS)
            .resolve("jdbc:postgresql://db/app", null, null, null)
            .database();

    assertThat(database.url()).isEqualTo("jdbc:postgresql://db/app");
    assertThat(database.user()).isEqualTo("ops");
    assertThat(database.password()).isEqualTo("secret");
  }

  @Test
  void flagsWinOverTheVariables() {
    DatabaseSettings database =
        new SettingsResolver(CREDENTIALS)
            .resolve("jdbc:postgresql://db/app", "admin", "other", null)
            .database();

    assertThat(database.user()).isEqualTo("admin");
    assertThat(database.password()).isEqualTo("other");
  }
}
