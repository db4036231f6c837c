package dev.clockwork.postgres.pgbouncer;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import dev.clockwork.core.definition.Machine;
import dev.clockwork.core.definition.MachineDefinition;
import dev.clockwork.core.event.Event;
import dev.clockwork.postgres.PostgresStore;
import dev.clockwork.postgres.testing.EmbeddedPostgresDatabase;
import dev.clockwork.postgres.testing.TestDatabase;
import dev.clockwork.runtime.Engine;
import dev.clockwork.runtime.instance.NewInstance;
import dev.clockwork.runtime.listener.EngineListener;
import dev.clockwork.runtime.listener.ProcessedEvent;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.stream.LongStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Two engines run a workload through PgBouncer in transaction mode, where a server connection
 * belongs to a client only for one transaction: the results are right, every event applied once on
 * its first attempt, and no statement failed for a prepared statement another client's transaction
 * left on a server connection (the URL turns pgjdbc's server-side prepared statements off: {@code
 * prepareThreshold=0}).
 *
 * <p>Waking up: {@code LISTEN} through a transaction-mode pool does not reach the session that
 * waits (the server connection that listened goes back to the pool), so the engines find work by
 * polling ({@code workers.pollInterval}, short here) — the fallback the store documents for a pool
 * in transaction mode. Migrations ran on a direct connection beforehand (their advisory lock is a
 * session's).
 */
class PgBouncerTransactionModeTest {
  private static final TestDatabase DB = EmbeddedPostgresDatabase.shared().newDatabase();
  private static final int INSTANCES = 40;
  private static final int EVENTS = 15;

  private static final MachineDefinition COUNTER =
      Machine.define("counter")
          .initial("counting")
          .state(
              "counting",
              s ->
                  s.on(
                      "N",
                      t ->
                          t.action(
                              scope -> {
                                @SuppressWarnings("unchecked")
                                List<Object> seen = (List<Object>) scope.context().get("seen");
                                List<Object> next =
                                    seen == null ? new ArrayList<>() : new ArrayList<>(seen);
                                next.add(scope.event().payload().get("n"));
                                scope.set("seen", next);
                              })))
          .build();

  private final List<PostgresStore> stores = new ArrayList<>();
  private final List<Engine> engines = new ArrayList<>();

  private PgBouncer bouncer;

  /** The engines first, while PgBouncer still passes their last writes on. */
  @AfterEach
  void stop() throws Exception {
    engines.forEach(Engine::close);
    stores.forEach(PostgresStore::close);
    if (bouncer != null) {
      bouncer.close();
    }
  }

  /** Starts PgBouncer and returns a JDBC URL through it once it answers. */
  private String throughPgBouncer(String parameters) throws Exception {
    Path binary = PgBouncer.binary().orElseThrow(() -> new AssertionError(PgBouncer.MISSING));
    String database = DB.url().replaceAll(".*/([^/?]+).*", "$1");
    bouncer = PgBouncer.start(binary, EmbeddedPostgresDatabase.shared().port(), DB.user());
    String url = "jdbc:postgresql://127.0.0.1:" + bouncer.port() + "/" + database + parameters;
    await()
        .atMost(Duration.ofSeconds(30))
        .ignoreExceptions()
        .until(
            () -> {
              assertThat(bouncer.alive()).as("PgBouncer exited: %s", bouncer.log()).isTrue();
              try (Connection probe = DriverManager.getConnection(url, DB.user(), "")) {
                return probe.isValid(5);
              }
            });
    return url;
  }

  /**
   * Why the URL turns them off: with pgjdbc's default, a statement run five times becomes a named
   * prepared statement on the server connection of that moment, and the next transaction may get
   * another one, where it does not exist.
   */
  @Test
  void serverSidePreparedStatementsBreakInTransactionMode() throws Exception {
    String url = throughPgBouncer("");
    List<Connection> others = new ArrayList<>();
    try (Connection prepared = DriverManager.getConnection(url, DB.user(), "");
        PreparedStatement pid = prepared.prepareStatement("SELECT pg_backend_pid()")) {
      // in transactions, as the store works (pgjdbc re-prepares a lost statement by itself only
      // outside one)
      prepared.setAutoCommit(false);
      int server = 0;
      for (int i = 0; i < 6; i++) {
        server = single(pid);
        prepared.commit();
      }
      // other clients open transactions until one holds the server connection the statement was
      // prepared on (PgBouncer's pool here has 8)
      boolean taken = false;
      while (!taken && others.size() < 7) {
        Connection other = DriverManager.getConnection(url, DB.user(), "");
        others.add(other);
        other.setAutoCommit(false);
        try (PreparedStatement otherPid = other.prepareStatement("SELECT pg_backend_pid()")) {
          taken = single(otherPid) == server;
        }
      }
      assertThat(taken).as("another client got server connection %d", server).isTrue();

      assertThatThrownBy(() -> single(pid))
          .isInstanceOf(SQLException.class)
          .hasMessageContaining("prepared statement");
    } finally {
      for (Connection other : others) {
        other.close();
      }
    }
  }

  private static int single(PreparedStatement select) throws SQLException {
    try (ResultSet rs = select.executeQuery()) {
      rs.next();
      return rs.getInt(1);
    }
  }

  @Test
  void enginesThroughPgBouncerInTransactionModeApplyEveryEventOnceInOrder() throws Exception {
    String url = throughPgBouncer("?prepareThreshold=0");

    Queue<ProcessedEvent> processed = new ConcurrentLinkedQueue<>();
    EngineListener listener =
        new EngineListener() {
          @Override
          public void eventProcessed(ProcessedEvent event) {
            processed.add(event);
          }
        };
    for (int i = 0; i < 2; i++) {
      PostgresStore store =
          PostgresStore.builder().url(url).user(DB.user()).poolSize(4).migrate(false).build();
      stores.add(store);
      engines.add(
          Engine.builder()
              .store(store)
              .clock(Clock.systemUTC())
              .register(COUNTER)
              .listener(listener)
              .settings(
                  s ->
                      s.workers(
                          w ->
                              w.threads(2)
                                  .owner("bounced-" + stores.size())
                                  .pollInterval(Duration.ofMillis(50))))
              .build());
    }
    for (int i = 0; i < INSTANCES; i++) {
      engines.get(i % 2).create(NewInstance.of("counter").id("c-" + i));
    }
    engines.forEach(Engine::start);
    for (int n = 0; n < EVENTS; n++) {
      for (int i = 0; i < INSTANCES; i++) {
        engines.get(i % 2).enqueue("c-" + i, Event.of("N", Map.of("n", n)));
      }
    }

    await().atMost(Duration.ofMinutes(2)).until(() -> processed.size() >= INSTANCES * EVENTS);
    List<Object> expected = new ArrayList<>(LongStream.range(0, EVENTS).boxed().toList());
    for (int i = 0; i < INSTANCES; i++) {
      assertThat(engines.get(0).instances().get("c-" + i).context().get("seen"))
          .as("events of c-%d", i)
          .isEqualTo(expected);
    }
    assertThat(processed)
        .hasSize(INSTANCES * EVENTS)
        .allSatisfy(
            event -> {
              assertThat(event.outcome()).isEqualTo(ProcessedEvent.Outcome.APPLIED);
              assertThat(event.attempt()).isEqualTo(1);
            });
    assertThat(stores.get(0).queue().pendingEvents()).isZero();
    assertThat(DB.single("SELECT count(*) FROM cw_dead_letters")).isEqualTo(0L);
    assertThat(bouncer.log()).doesNotContainIgnoringCase("prepared statement");
    assertThat(bouncer.alive()).isTrue();
  }
}
