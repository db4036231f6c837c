package dev.clockwork.postgres;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.clockwork.postgres.testing.EmbeddedPostgresDatabase;
import dev.clockwork.postgres.testing.TestDatabase;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import javax.sql.DataSource;
import org.junit.jupiter.api.Test;

/**
 * The pool a store opens bounds how long a statement waits for a row lock and how long a stalled
 * transaction may keep its locks.
 */
class SessionSettingsTest {
  private static final TestDatabase DB = EmbeddedPostgresDatabase.shared().newDatabase();

  private static String show(DataSource dataSource, String setting) throws SQLException {
    try (Connection connection = dataSource.getConnection();
        Statement statement = connection.createStatement();
        ResultSet rs = statement.executeQuery("SHOW " + setting)) {
      rs.next();
      return rs.getString(1);
    }
  }

  @Test
  void thePoolTheStoreOpensHasTheDefaultTimeouts() throws SQLException {
    try (PostgresStore store = PostgresStore.connect(DB.url(), DB.user(), DB.password())) {
      assertThat(show(store.dataSource(), "lock_timeout")).isEqualTo("10s");
      assertThat(show(store.dataSource(), "idle_in_transaction_session_timeout")).isEqualTo("1min");
    }
  }

  @Test
  void theTimeoutsCanBeChangedOrTurnedOff() throws SQLException {
    try (PostgresStore store =
        PostgresStore.builder()
            .url(DB.url())
            .user(DB.user())
            .password(DB.password())
            .lockTimeout(Duration.ofMillis(2500))
            .idleInTransactionTimeout(Duration.ZERO)
            .build()) {
      assertThat(show(store.dataSource(), "lock_timeout")).isEqualTo("2500ms");
      assertThat(show(store.dataSource(), "idle_in_transaction_session_timeout")).isEqualTo("0");
    }
  }

  @Test
  void anApplicationsDataSourceKeepsItsOwnSettings() {
    assertThatThrownBy(
            () ->
                PostgresStore.builder()
                    .dataSource(DB.dataSource())
                    .lockTimeout(Duration.ofSeconds(1))
                    .build())
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("set lock_timeout and idle_in_transaction_session_timeout on your");
    assertThatThrownBy(() -> PostgresStore.builder().lockTimeout(Duration.ofSeconds(-1)))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("lockTimeout must be zero (off) or positive");
  }

  @Test
  void poolSettingsWithAnApplicationsDataSourceAreRefusedNotIgnored() {
    assertThatThrownBy(
            () -> PostgresStore.builder().dataSource(DB.dataSource()).poolSize(20).build())
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("user, password and poolSize apply to the pool the store opens");
    assertThatThrownBy(
            () -> PostgresStore.builder().dataSource(DB.dataSource()).user("someone").build())
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("brings its own connections and credentials");
  }
}
