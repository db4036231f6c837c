package dev.clockwork.postgres.capacity;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.zaxxer.hikari.HikariDataSource;
import dev.clockwork.core.definition.Machine;
import dev.clockwork.core.definition.MachineDefinition;
import dev.clockwork.core.event.Event;
import dev.clockwork.postgres.PostgresStore;
import dev.clockwork.runtime.Engine;
import dev.clockwork.runtime.instance.NewInstance;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The README's capacity model, measured: what one event and one timer fire cost the database
 * (statements, transactions, rows written, WAL) with an engine at its defaults on a PostgreSQL that
 * flushes its commits. In {@code verify} it runs small as a check that the harness still works; for
 * the README's figures run it larger:
 *
 * <pre>
 * mvn -B -o -pl clockwork-postgres -am verify -Dsurefire.failIfNoSpecifiedTests=false \
 *   -Dtest=CapacityModelTest -Dcapacity.instances=2000 -Dcapacity.timers=5000
 * </pre>
 *
 * The table is printed and written to {@code clockwork-postgres/target/capacity-model.md}.
 */
class CapacityModelTest {
  private static final int INSTANCES = Integer.getInteger("capacity.instances", 100);
  private static final int EVENTS = Integer.getInteger("capacity.events", 10);
  private static final int TIMERS = Integer.getInteger("capacity.timers", 200);

  /** Marks the harness's own statements, which the counts leave out. */
  static final String HARNESS = "/* capacity harness */ ";

  private static final MachineDefinition COUNTER =
      Machine.define("counter")
          .context(Map.of("seen", 0L))
          .initial("counting")
          .state(
              "counting",
              s ->
                  s.on(
                      "STEP",
                      t -> t.action(x -> x.set("seen", x.context().getLong("seen", 0) + 1))))
          .build();

  /** Wakes {@code ms} milliseconds after it was created: one timer fire, one state change. */
  private static final MachineDefinition TIMED =
      Machine.define("timed")
          .initial("waiting")
          .state("waiting", s -> s.on("WAKE", t -> t.to("woken").timerFromContext("ms")))
          .state("woken")
          .build();

  private static CapacityServer server;
  private static HikariDataSource setUp;
  private static PostgresStore seedStore;
  private static Engine seeder;
  private static final List<String> ROWS = new ArrayList<>();

  @BeforeAll
  static void start() {
    server = new CapacityServer();
    setUp = server.setUp();
    seedStore = PostgresStore.builder().dataSource(setUp).build();
    execute("CREATE EXTENSION IF NOT EXISTS pg_stat_statements");
    seeder = Engine.builder().store(seedStore).register(COUNTER, TIMED).build();
  }

  @AfterAll
  static void stop() throws IOException {
    Path report = Path.of("target", "capacity-model.md");
    Files.createDirectories(report.getParent());
    String table =
        String.format(
            "%s%n| per | statements | transactions | rows written (ins/upd/del) | WAL records |"
                + " WAL bytes | full-page images | PostgreSQL CPU µs |"
                + "%n|---|--:|--:|--:|--:|--:|--:|--:|%n%s",
            "capacity model: engine defaults, commits flushed, load average "
                + loadAverage()
                + "; "
                + INSTANCES
                + " instances × "
                + EVENTS
                + " events, "
                + TIMERS
                + " timer fires",
            String.join("\n", ROWS));
    Files.writeString(report, table + "\n");
    System.out.println(table);
    seeder.close();
    seedStore.close();
    setUp.close();
    server.close();
  }

  @Test
  void anEventCosts() {
    IntStream.range(0, INSTANCES)
        .parallel()
        .forEach(i -> seeder.create(NewInstance.of("counter").id("c-" + i)));
    execute("SELECT pg_stat_statements_reset()");
    ServerCounters before = settled();
    try (PostgresStore store = PostgresStore.builder().url(server.url()).user("postgres").build();
        Engine sender = Engine.builder().store(store).register(COUNTER, TIMED).build()) {
      IntStream.range(0, INSTANCES)
          .parallel()
          .forEach(
              i -> {
                for (int e = 0; e < EVENTS; e++) {
                  sender.enqueue("c-" + i, Event.of("STEP"));
                }
              });
    }
    ServerCounters enqueued = settled().since(before);

    ServerCounters processed =
        drain(
            HARNESS
                + "SELECT count(*) FROM cw_instances WHERE machine = 'counter'"
                + " AND CAST(context ->> 'seen' AS int) = "
                + EVENTS,
            INSTANCES);

    assertThat(enqueued.statements()).isPositive();
    assertThat(processed.statements()).isPositive();
    assertThat(processed.walBytes()).isPositive();
    record("event enqueued (`Engine.enqueue`)", enqueued, (long) INSTANCES * EVENTS);
    record("event processed (" + EVENTS + " a turn)", processed, (long) INSTANCES * EVENTS);
  }

  @Test
  void aTimerFireCosts() {
    IntStream.range(0, TIMERS)
        .parallel()
        .forEach(i -> seeder.create(NewInstance.of("timed").id("t-" + i).input(Map.of("ms", 1))));

    ServerCounters cost =
        drain(
            HARNESS
                + "SELECT count(*) FROM cw_instances WHERE machine = 'timed'"
                + " AND jsonb_path_query_array(active, '$[*].path') @> '[\"woken\"]'",
            TIMERS);

    assertThat(cost.walBytes()).isPositive();
    record("timer fire", cost, TIMERS);
  }

  /** Starts an engine at its defaults, waits until {@code done} counts {@code expected}. */
  private static ServerCounters drain(String done, long expected) {
    execute("SELECT pg_stat_statements_reset()");
    ServerCounters before = settled();
    try (PostgresStore store = PostgresStore.builder().url(server.url()).user("postgres").build();
        Engine engine = Engine.builder().store(store).register(COUNTER, TIMED).build().start()) {
      await()
          .atMost(Duration.ofMinutes(10))
          .pollInterval(Duration.ofMillis(100))
          .until(() -> count(done) == expected);
    }
    return settled().since(before);
  }

  /**
   * The counters once the server has stopped counting: a backend reports its counts when it ends
   * (an idle one only every ten seconds or so), so the set-up pool's connections are closed first.
   */
  private static ServerCounters settled() {
    setUp.getHikariPoolMXBean().softEvictConnections();
    AtomicReference<ServerCounters> last = new AtomicReference<>(ServerCounters.read(setUp));
    await()
        .atMost(Duration.ofSeconds(30))
        .pollInterval(Duration.ofMillis(1_500))
        .until(
            () -> {
              ServerCounters now = ServerCounters.read(setUp);
              boolean same =
                  now.rowsWritten() == last.get().rowsWritten()
                      && now.walRecords() - last.get().walRecords() < 50;
              last.set(now);
              return same;
            });
    return last.get();
  }

  private static void record(String per, ServerCounters cost, long units) {
    ROWS.add(
        String.format(
            "| %s | %.2f | %.3f | %.2f (%.2f/%.2f/%.2f) | %.1f | %,.0f | %.3f | %,.0f |",
            per,
            (double) cost.statements() / units,
            (double) cost.commits() / units,
            (double) cost.rowsWritten() / units,
            (double) cost.rowsInserted() / units,
            (double) cost.rowsUpdated() / units,
            (double) cost.rowsDeleted() / units,
            (double) cost.walRecords() / units,
            (double) cost.walBytes() / units,
            (double) cost.walFullPages() / units,
            cost.cpuSeconds() * 1e6 / units));
  }

  private static String loadAverage() {
    try {
      return Files.readString(Path.of("/proc/loadavg")).substring(0, 14).trim();
    } catch (IOException e) {
      return "unknown";
    }
  }

  private static long count(String sql) {
    return ((Number) single(sql)).longValue();
  }

  private static Object single(String sql) {
    try (Connection connection = setUp.getConnection();
        Statement statement = connection.createStatement();
        ResultSet rs = statement.executeQuery(sql)) {
      rs.next();
      return rs.getObject(1);
    } catch (SQLException e) {
      throw new IllegalStateException("cannot run " + sql, e);
    }
  }

  private static void execute(String sql) {
    try (Connection connection = setUp.getConnection();
        Statement statement = connection.createStatement()) {
      statement.execute(sql);
    } catch (SQLException e) {
      throw new IllegalStateException("cannot run " + sql, e);
    }
  }
}
