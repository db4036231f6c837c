package dev.clockwork.postgres;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import dev.clockwork.core.definition.Machine;
import dev.clockwork.core.definition.MachineDefinition;
import dev.clockwork.core.event.Event;
import dev.clockwork.postgres.testing.EmbeddedPostgresDatabase;
import dev.clockwork.postgres.testing.TestDatabase;
import dev.clockwork.runtime.Engine;
import dev.clockwork.runtime.health.HealthCheck;
import dev.clockwork.runtime.health.HealthLevel;
import dev.clockwork.runtime.health.StoreHealth;
import dev.clockwork.runtime.instance.NewInstance;
import dev.clockwork.runtime.store.StoreFailedException;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * A database that refuses writes ({@code default_transaction_read_only}, as a managed PostgreSQL
 * sets it when its disk fills up, or a failover to a standby): the workers' claims and commits fail
 * with SQLState 25006, the engine's health says so and since when, nothing acknowledged is lost,
 * and once writes are allowed again the work resumes and the health clears, with nobody restarting
 * anything.
 */
class ReadOnlyDatabaseTest {
  private static final TestDatabase DB = EmbeddedPostgresDatabase.shared().newDatabase();
  private static final String APPLICATION = "clockwork-read-only-test";
  private static final int INSTANCES = 6;

  /** Holds the turn of a {@code hold} event until the database is read-only. */
  private static final CountDownLatch HELD = new CountDownLatch(1);

  private static final CountDownLatch GATE = new CountDownLatch(1);

  private static final MachineDefinition JOB =
      Machine.define("job")
          .initial("open")
          .state(
              "open",
              s ->
                  s.on(
                      "STEP",
                      t ->
                          t.action(
                              scope -> {
                                if (Boolean.TRUE.equals(scope.event().payload().get("hold"))
                                    && GATE.getCount() > 0) {
                                  HELD.countDown();
                                  awaitGate();
                                }
                                @SuppressWarnings("unchecked")
                                List<Object> seen = (List<Object>) scope.context().get("seen");
                                List<Object> next =
                                    seen == null ? new ArrayList<>() : new ArrayList<>(seen);
                                next.add(scope.event().payload().get("n"));
                                scope.set("seen", next);
                              })))
          .build();

  private PostgresStore store;
  private Engine engine;

  private static void awaitGate() {
    try {
      GATE.await(60, TimeUnit.SECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  @AfterEach
  void stop() throws SQLException {
    GATE.countDown();
    if (engine != null) {
      engine.close();
    }
    if (store != null) {
      store.close();
    }
    readOnly(false);
  }

  @Test
  void workersBackOffHealthSaysWhyAndWorkResumesByItselfOnceWritesAreAllowedAgain()
      throws SQLException {
    store =
        PostgresStore.builder()
            .url(DB.url() + "&ApplicationName=" + APPLICATION)
            .user(DB.user())
            .password(DB.password())
            .migrate(false)
            .build();
    engine =
        Engine.builder()
            .store(store)
            .clock(Clock.systemUTC())
            .register(JOB)
            .settings(
                s ->
                    s.workers(
                        w ->
                            w.threads(2)
                                .leaseTime(Duration.ofSeconds(3))
                                .pollInterval(Duration.ofMillis(100))))
            .build();
    Map<String, List<Object>> acknowledged = new LinkedHashMap<>();
    for (int i = 0; i < INSTANCES; i++) {
      engine.create(NewInstance.of("job").id("j-" + i));
      acknowledged.put("j-" + i, new ArrayList<>());
    }
    engine.start();
    int n = 0;
    for (; n < 5; n++) {
      for (String id : acknowledged.keySet()) {
        engine.enqueue(id, Event.of("STEP", Map.of("n", n)));
        acknowledged.get(id).add((long) n);
      }
    }
    // a turn in progress when writes stop: its commit fails, its events are processed again
    engine.enqueue("j-0", Event.of("STEP", Map.of("n", n, "hold", true)));
    acknowledged.get("j-0").add((long) n);
    await().atMost(Duration.ofSeconds(30)).until(() -> HELD.getCount() == 0);

    readOnly(true);

    await()
        .atMost(Duration.ofSeconds(30))
        .ignoreExceptionsInstanceOf(StoreFailedException.class) // a session the switch ended
        .untilAsserted(
            () ->
                assertThat(storeCheck())
                    .satisfies(
                        check -> {
                          assertThat(check.level()).isEqualTo(HealthLevel.CRITICAL);
                          assertThat(check.detail())
                              .startsWith("the database is read-only (25006) since ")
                              .contains("workers back off and try again every 100 ms");
                        }));
    assertThat(engine.admin().queues().health().overall()).isEqualTo(HealthLevel.CRITICAL);
    assertThat(engine.admin().queues().health().recommendations())
        .anySatisfy(advice -> assertThat(advice).contains("the database is read-only (25006)"));
    GATE.countDown(); // the held turn commits now, and fails
    int refused = n + 1;
    // a pooled session ended by the switch fails once with another code: the next is read-only
    await()
        .atMost(Duration.ofSeconds(10))
        .untilAsserted(
            () ->
                assertThatThrownBy(
                        () -> engine.enqueue("j-1", Event.of("STEP", Map.of("n", refused))))
                    .as("an enqueue the database refuses is not acknowledged")
                    .isInstanceOfSatisfying(
                        StoreFailedException.class,
                        e -> {
                          assertThat(e.code()).isEqualTo("25006");
                          assertThat(e.reason()).isEqualTo("the database is read-only");
                        }));
    await()
        .atMost(Duration.ofSeconds(10))
        .untilAsserted(() -> assertThat(storeCheck().detail()).contains("(claim work)"));
    assertThat(storeCheck().level()).isEqualTo(HealthLevel.CRITICAL);

    readOnly(false);

    for (n = refused + 1; n < refused + 4; n++) {
      for (String id : acknowledged.keySet()) {
        enqueueUntilAcknowledged(id, n);
        acknowledged.get(id).add((long) n);
      }
    }
    await()
        .atMost(Duration.ofSeconds(60))
        .ignoreExceptionsInstanceOf(StoreFailedException.class)
        .untilAsserted(
            () -> {
              for (Map.Entry<String, List<Object>> sent : acknowledged.entrySet()) {
                assertThat(engine.instances().get(sent.getKey()).context().get("seen"))
                    .as("what %s applied: every acknowledged event once, in order", sent.getKey())
                    .isEqualTo(sent.getValue());
              }
            });
    await()
        .atMost(Duration.ofSeconds(30))
        .ignoreExceptionsInstanceOf(StoreFailedException.class)
        .untilAsserted(
            () -> {
              assertThat(storeCheck().level()).isEqualTo(HealthLevel.HEALTHY);
              assertThat(engine.admin().queues().health().overall()).isEqualTo(HealthLevel.HEALTHY);
            });
    assertThat(store.queue().pendingEvents()).isZero();
  }

  /**
   * Enqueues as a producer does, trying again while the store refuses: a session the switch back
   * ended fails its next statement once (the pool then opens a new one).
   */
  private void enqueueUntilAcknowledged(String id, int n) {
    await()
        .atMost(Duration.ofSeconds(10))
        .ignoreExceptionsInstanceOf(StoreFailedException.class)
        .until(
            () -> {
              engine.enqueue(id, Event.of("STEP", Map.of("n", n)));
              return true;
            });
  }

  private HealthCheck storeCheck() {
    return engine.admin().queues().health().checks().stream()
        .filter(check -> check.subject().equals(StoreHealth.SUBJECT))
        .findFirst()
        .orElseThrow();
  }

  /**
   * Makes the test's database refuse writes, or accept them again: the setting applies to new
   * sessions, so the store's sessions are ended and its pool opens new ones.
   */
  private static void readOnly(boolean on) throws SQLException {
    try (Connection connection = DriverManager.getConnection(DB.url(), DB.user(), DB.password());
        Statement statement = connection.createStatement()) {
      statement.execute("SET default_transaction_read_only = off");
      statement.execute(
          "DO $$ BEGIN EXECUTE format('ALTER DATABASE %I "
              + (on
                  ? "SET default_transaction_read_only = on"
                  : "RESET default_transaction_read_only")
              + "', current_database()); END $$");
      statement.execute(
          "SELECT pg_terminate_backend(pid) FROM pg_stat_activity"
              + " WHERE datname = current_database() AND application_name = '"
              + APPLICATION
              + "'");
    }
  }
}
