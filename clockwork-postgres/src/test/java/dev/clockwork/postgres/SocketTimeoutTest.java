package dev.clockwork.postgres;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.clockwork.postgres.testing.EmbeddedPostgresDatabase;
import dev.clockwork.postgres.testing.TestDatabase;
import java.net.SocketTimeoutException;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import javax.sql.DataSource;
import org.junit.jupiter.api.Test;

/**
 * A read on the pool the store opens gives up after the socket timeout: a connection gone silent (a
 * partition, a half-open TCP connection: no reset ever comes) would otherwise block the thread
 * reading it forever — the chaos suite's F5 blackhole left a worker's commit thread in {@code
 * SocketInputStream.read} for as long as it lasted.
 */
class SocketTimeoutTest {
  private static final TestDatabase DB = EmbeddedPostgresDatabase.shared().newDatabase();

  private static PostgresStore.Builder store() {
    return PostgresStore.builder().url(DB.url()).user(DB.user()).password(DB.password());
  }

  private static int networkTimeout(DataSource dataSource) throws SQLException {
    try (Connection connection = dataSource.getConnection()) {
      return connection.getNetworkTimeout();
    }
  }

  @Test
  void thePoolTheStoreOpensTimesReadsOutByDefault() throws SQLException {
    try (PostgresStore store = store().build()) {
      assertThat(networkTimeout(store.dataSource()))
          .isEqualTo(PostgresStore.Builder.DEFAULT_SOCKET_TIMEOUT.toMillis())
          .isPositive();
    }
  }

  @Test
  void aReadLongerThanTheTimeoutFailsInsteadOfWaitingForever() throws SQLException {
    try (PostgresStore store = store().socketTimeout(Duration.ofSeconds(1)).build();
        Connection connection = store.dataSource().getConnection();
        Statement statement = connection.createStatement()) {
      assertThatThrownBy(() -> statement.execute("SELECT pg_sleep(3)"))
          .isInstanceOf(SQLException.class)
          .hasRootCauseInstanceOf(SocketTimeoutException.class);
      assertThat(connection.isClosed()).isTrue();
    }
  }

  @Test
  void zeroTurnsItOffAndTheUrlsOwnParameterWins() throws SQLException {
    try (PostgresStore store = store().socketTimeout(Duration.ZERO).build()) {
      assertThat(networkTimeout(store.dataSource())).isZero();
    }
    String url = DB.url() + (DB.url().contains("?") ? "&" : "?") + "socketTimeout=7";
    try (PostgresStore store =
        PostgresStore.builder().url(url).user(DB.user()).password(DB.password()).build()) {
      assertThat(networkTimeout(store.dataSource())).isEqualTo(7_000);
    }
  }

  @Test
  void migrationsReadWithoutTheTimeoutAndThePoolGetsItBack() throws SQLException {
    try (PostgresStore store = store().socketTimeout(Duration.ofSeconds(30)).build()) {
      assertThat(networkTimeout(Pools.withoutSocketTimeout(store.dataSource()))).isZero();
      assertThat(networkTimeout(store.dataSource())).isEqualTo(30_000);
    }
  }

  @Test
  void anApplicationsDataSourceKeepsItsOwn() {
    assertThatThrownBy(
            () ->
                PostgresStore.builder()
                    .dataSource(DB.dataSource())
                    .socketTimeout(Duration.ofSeconds(1))
                    .build())
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("set pgjdbc's socketTimeout on your DataSource");
    assertThatThrownBy(() -> PostgresStore.builder().socketTimeout(Duration.ofSeconds(-1)))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("socketTimeout must be zero (off) or positive");
  }
}
