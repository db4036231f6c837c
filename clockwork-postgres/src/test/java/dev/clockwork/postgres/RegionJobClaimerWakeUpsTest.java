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
import dev.clockwork.runtime.store.JobClaim;
import dev.clockwork.runtime.store.RegionJobStore;
import dev.clockwork.runtime.store.forwarding.ForwardingRegionJobStore;
import dev.clockwork.runtime.store.forwarding.ForwardingStore;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The region job claimer wakes on job signals only: plain enqueues (each with its NOTIFY for the
 * event workers) cost it no query, while a commit that dispatches jobs wakes it at once. The
 * claimer's idle wait (the sweep interval) is set longer than the test, so every query counted was
 * a wake-up.
 */
class RegionJobClaimerWakeUpsTest {
  private static final TestDatabase DB = EmbeddedPostgresDatabase.shared().newDatabase();
  private static final int ENQUEUES = 200;

  private static final MachineDefinition COUNTER =
      Machine.define("counter")
          .initial("counting")
          .state(
              "counting",
              s ->
                  s.on(
                      "PING",
                      t ->
                          t.action(
                              a -> {
                                Object n = a.context().get("n");
                                a.set("n", n == null ? 1 : ((Number) n).intValue() + 1);
                              })))
          .build();

  private static final MachineDefinition FANOUT =
      Machine.define("fanout")
          .initial("idle")
          .state("idle", s -> s.on("GO", "working"))
          .parallel(
              "working",
              p ->
                  p.state(
                          "left",
                          r ->
                              r.initial("going")
                                  .state(
                                      "going",
                                      s -> s.entry(a -> a.raise("LEFT_OK")).on("LEFT_OK", "there"))
                                  .finalState("there"))
                      .state(
                          "right",
                          r ->
                              r.initial("going")
                                  .state(
                                      "going",
                                      s ->
                                          s.entry(a -> a.raise("RIGHT_OK")).on("RIGHT_OK", "there"))
                                  .finalState("there"))
                      .onDone("done"))
          .state("done")
          .build();

  private final AtomicInteger claimerQueries = new AtomicInteger();
  private PostgresStore postgres;
  private Engine engine;

  private int processed() {
    Object n = engine.instances().get("c-1").context().get("n");
    return n == null ? 0 : ((Number) n).intValue();
  }

  @AfterEach
  void close() {
    if (engine != null) {
      engine.close();
    }
    postgres.close();
  }

  @Test
  void plainEnqueuesDoNotWakeTheRegionJobClaimer() {
    DB.truncateClockworkTables();
    postgres = PostgresStore.builder().dataSource(DB.dataSource()).migrate(false).build();
    RegionJobStore counted =
        new ForwardingRegionJobStore(postgres.regionJobs()) {
          @Override
          public List<JobClaim> claim(
              String owner,
              Set<String> queues,
              Map<String, Duration> leaseTimes,
              int max,
              Instant now) {
            claimerQueries.incrementAndGet();
            return super.claim(owner, queues, leaseTimes, max, now);
          }

          @Override
          public Optional<Instant> nextDue(Set<String> queues, Set<String> machines, Instant now) {
            claimerQueries.incrementAndGet();
            return super.nextDue(queues, machines, now);
          }
        };
    engine =
        Engine.builder()
            .store(
                new ForwardingStore(postgres) {
                  @Override
                  public RegionJobStore regionJobs() {
                    return counted;
                  }
                })
            .register(COUNTER, FANOUT)
            .settings(
                s ->
                    s.parallelDispatch(p -> p.enabled(true))
                        .timers(t -> t.sweepInterval(Duration.ofMinutes(5)))
                        .workers(w -> w.regionJobThreads(2)))
            .build();
    engine.create(NewInstance.of("counter").id("c-1"));
    engine.start();
    await().atMost(Duration.ofSeconds(30)).until(() -> claimerQueries.get() >= 2);
    int before = claimerQueries.get(); // the first look: a claim and when the next job is due

    for (int i = 0; i < ENQUEUES; i++) {
      engine.enqueue("c-1", Event.of("PING"));
    }
    await().atMost(Duration.ofSeconds(60)).until(() -> processed() == ENQUEUES);

    assertThat(claimerQueries.get() - before)
        .as("claimer queries during %d plain enqueues", ENQUEUES)
        .isLessThanOrEqualTo(2);

    engine.create(NewInstance.of("fanout").id("f-1"));
    engine.send("f-1", Event.of("GO"));
    await()
        .atMost(Duration.ofSeconds(30))
        .alias("a commit that dispatches jobs wakes the claimer")
        .until(() -> engine.instances().get("f-1").states().equals(List.of("done")));
  }
}
