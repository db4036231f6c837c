package dev.clockwork.postgres;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.clockwork.core.definition.Machine;
import dev.clockwork.core.definition.MachineDefinition;
import dev.clockwork.core.event.Event;
import dev.clockwork.postgres.testing.EmbeddedPostgresDatabase;
import dev.clockwork.postgres.testing.TestDatabase;
import dev.clockwork.runtime.Engine;
import dev.clockwork.runtime.instance.NewInstance;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The spine's ordering promise under load: 200 instances × 50 events, enqueued from 4 threads,
 * processed by 3 engines (each with its own pool and 2 workers) sharing one database.
 */
class MultiEngineOrderingTest {
  private static final TestDatabase DB = EmbeddedPostgresDatabase.shared().newDatabase();
  private static final int INSTANCES = 200;
  private static final int EVENTS = 50;

  private static final AtomicInteger IN_FLIGHT = new AtomicInteger();
  private static final AtomicInteger MOST_IN_FLIGHT = new AtomicInteger();

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
                                int now = IN_FLIGHT.incrementAndGet();
                                MOST_IN_FLIGHT.accumulateAndGet(now, Math::max);
                                try {
                                  @SuppressWarnings("unchecked")
                                  List<Object> seen = (List<Object>) scope.context().get("seen");
                                  List<Object> next =
                                      seen == null ? new ArrayList<>() : new ArrayList<>(seen);
                                  next.add(scope.event().payload().get("n"));
                                  scope.set("seen", next);
                                } finally {
                                  IN_FLIGHT.decrementAndGet();
                                }
                              })))
          .build();

  private final List<PostgresStore> stores = new ArrayList<>();
  private final List<Engine> engines = new ArrayList<>();

  @AfterEach
  void stop() {
    engines.forEach(Engine::close);
    stores.forEach(PostgresStore::close);
  }

  @Test
  void everyInstanceSeesItsEventsOnceAndInEnqueueOrder() throws Exception {
    DB.truncateClockworkTables();
    for (int i = 0; i < 3; i++) {
      PostgresStore store =
          PostgresStore.builder().dataSource(DB.dataSource()).migrate(false).build();
      stores.add(store);
      engines.add(
          Engine.builder()
              .store(store)
              .clock(Clock.systemUTC())
              .register(COUNTER)
              .settings(
                  s ->
                      s.workers(
                          w ->
                              w.threads(2)
                                  .owner("engine-" + stores.size())
                                  .pollInterval(Duration.ofMillis(50))))
              .build());
    }
    for (int i = 0; i < INSTANCES; i++) {
      engines.get(i % 3).create(NewInstance.of("counter").id("c-" + i));
    }
    engines.forEach(Engine::start);

    ExecutorService producers = Executors.newFixedThreadPool(4);
    try {
      List<Future<?>> done = new ArrayList<>();
      for (int thread = 0; thread < 4; thread++) {
        int first = thread;
        done.add(
            producers.submit(
                () -> {
                  for (int n = 0; n < EVENTS; n++) {
                    for (int i = first; i < INSTANCES; i += 4) {
                      engines.get(i % 3).enqueue("c-" + i, Event.of("N", Map.of("n", n)));
                    }
                  }
                }));
      }
      for (Future<?> future : done) {
        future.get();
      }
    } finally {
      producers.shutdown();
    }

    await().atMost(Duration.ofMinutes(2)).until(() -> stores.get(0).queue().pendingEvents() == 0);
    List<Object> expected = new ArrayList<>();
    IntStream.range(0, EVENTS).forEach(n -> expected.add((long) n));
    for (int i = 0; i < INSTANCES; i++) {
      Object seen = engines.get(0).instances().get("c-" + i).context().get("seen");
      assertThat(seen).as("events of c-%d", i).isEqualTo(expected);
    }
    assertThat(MOST_IN_FLIGHT.get()).as("instances processed at the same moment").isGreaterThan(1);
  }
}
