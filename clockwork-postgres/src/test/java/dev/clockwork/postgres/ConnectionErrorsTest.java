package dev.clockwork.postgres;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.clockwork.core.ClockworkException;
import dev.clockwork.postgres.testing.EmbeddedPostgresDatabase;
import dev.clockwork.postgres.testing.TestDatabase;
import java.net.ServerSocket;
import org.junit.jupiter.api.Test;

/** Mistakes in the connection settings fail at construction, with messages that say what to fix. */
class ConnectionErrorsTest {

  @Test
  void anUnreachableDatabaseIsNamedWithoutItsPassword() throws Exception {
    int freePort;
    try (ServerSocket socket = new ServerSocket(0)) {
      freePort = socket.getLocalPort();
    }
    String url = "jdbc:postgresql://localhost:" + freePort + "/app?password=hunter2&ssl=false";
    assertThatThrownBy(() -> PostgresStore.connect(url, "app", "hunter2"))
        .isInstanceOf(ClockworkException.class)
        .hasMessageStartingWith(
            "cannot connect to PostgreSQL at jdbc:postgresql://localhost:" + freePort)
        .hasMessageContaining("password=***")
        .hasMessageContaining("as 'app'")
        .hasMessageContaining("refused")
        .hasMessageNotContaining("hunter2");
  }

  @Test
  void aWrongPasswordSaysSo() {
    TestDatabase db = EmbeddedPostgresDatabase.shared().newDatabase();
    String withoutUser = db.url().replaceFirst("\\?.*", "");
    assertThatThrownBy(() -> PostgresStore.connect(withoutUser, "nobody", "wrong"))
        .isInstanceOf(ClockworkException.class)
        .hasMessageContaining("as 'nobody'")
        .hasMessageContaining("nobody")
        .hasMessageNotContaining("wrong");
  }

  @Test
  void aStoreOnAUrlOwnsAndClosesItsPool() {
    TestDatabase db = EmbeddedPostgresDatabase.shared().newDatabase();
    PostgresStore store = PostgresStore.connect(db.url(), db.user(), db.password());
    assertThat(store.instances().find("none")).isEmpty();
    store.close();
    assertThat(((com.zaxxer.hikari.HikariDataSource) store.dataSource()).isClosed()).isTrue();
  }

  @Test
  void theBuilderWantsExactlyOneWayToConnect() {
    assertThatThrownBy(() -> PostgresStore.builder().build())
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("either a JDBC URL");
    assertThatThrownBy(() -> PostgresStore.builder().poolSize(1))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("one connection listens");
  }

  @Test
  void redactsPasswordsInUrls() {
    assertThat(Pools.redact("jdbc:postgresql://h/db?user=a&password=s3cret&ssl=true"))
        .isEqualTo("jdbc:postgresql://h/db?user=a&password=***&ssl=true");
    assertThat(Pools.redact("jdbc:postgresql://a:s3cret@h/db"))
        .isEqualTo("jdbc:postgresql://a:***@h/db");
  }
}
