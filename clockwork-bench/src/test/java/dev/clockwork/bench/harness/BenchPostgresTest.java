package dev.clockwork.bench.harness;

import static org.assertj.core.api.Assertions.assertThat;

import dev.clockwork.postgres.PostgresStore;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.LinkedHashMap;
import java.util.Map;
import javax.sql.DataSource;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Set-up runs unflushed and measurement flushed, on every kind of connection a benchmark uses: the
 * settings are the server's (not outranked by its command line), so a reload reaches sessions that
 * are already open.
 */
class BenchPostgresTest {
  private static BenchPostgres server;
  private static BenchDatabase database;

  @BeforeAll
  static void start() throws Exception {
    server = BenchPostgres.start(true);
    database = server.create("kinds");
  }

  @AfterAll
  static void stop() throws Exception {
    database.close();
    server.close();
  }

  @Test
  void setUpRunsUnflushedAndMeasurementFlushedOnEveryKindOfConnection() throws Exception {
    try (PostgresStore store = database.store();
        Connection opened = store.dataSource().getConnection()) {
      assertThat(kinds(store, opened)).allSatisfy((kind, seen) -> assertThat(seen).isEqualTo("on"));

      Map<String, String> duringSetUp = server.setUp(() -> kinds(store, opened));

      assertThat(duringSetUp).allSatisfy((kind, seen) -> assertThat(seen).isEqualTo("off"));
      assertThat(kinds(store, opened)).allSatisfy((kind, seen) -> assertThat(seen).isEqualTo("on"));
      assertThat(server.flushing()).isTrue();
    }
  }

  @Test
  void theSettingsComeFromTheServersFilesNotItsCommandLine() throws Exception {
    try (Connection connection = database.harness().getConnection();
        Statement statement = connection.createStatement();
        ResultSet rs =
            statement.executeQuery(
                "SELECT string_agg(name || '=' || setting || ' from ' || source, ', ' ORDER BY name)"
                    + " FROM pg_settings WHERE name IN ('fsync', 'synchronous_commit')")) {
      rs.next();
      assertThat(rs.getString(1))
          .isEqualTo(
              "fsync=on from configuration file, synchronous_commit=on from configuration file");
    }
  }

  @Test
  void theNoFlushSectionTurnsFsyncOffForOpenSessionsAndBackAgain() throws Exception {
    try (Connection opened = database.harness().getConnection()) {
      server.flush(false, false);
      try {
        assertThat(show(opened, "fsync")).isEqualTo("off");
        assertThat(show(opened, "synchronous_commit")).isEqualTo("off");
        assertThat(server.flushing()).isFalse();
      } finally {
        server.flushAsStarted();
      }
      assertThat(show(opened, "fsync")).isEqualTo("on");
      assertThat(show(opened, "synchronous_commit")).isEqualTo("on");
    }
  }

  /** {@code synchronous_commit} as each kind of connection sees it. */
  private static Map<String, String> kinds(PostgresStore store, Connection opened) {
    try {
      Map<String, String> seen = new LinkedHashMap<>();
      seen.put("a store connection opened before", show(opened, "synchronous_commit"));
      seen.put("the store's pool", show(store.dataSource()));
      seen.put("the harness pool", show(database.harness()));
      try (PostgresStore fresh = database.store()) {
        seen.put("a store opened now", show(fresh.dataSource()));
      }
      try (Connection simple = database.simpleConnection()) {
        seen.put("a simple-protocol connection", show(simple, "synchronous_commit"));
      }
      return seen;
    } catch (SQLException e) {
      throw new IllegalStateException(e);
    }
  }

  private static String show(DataSource dataSource) throws SQLException {
    try (Connection connection = dataSource.getConnection()) {
      return show(connection, "synchronous_commit");
    }
  }

  private static String show(Connection connection, String setting) throws SQLException {
    try (Statement statement = connection.createStatement();
        ResultSet rs = statement.executeQuery("SHOW " + setting)) {
      rs.next();
      return rs.getString(1);
    }
  }
}
