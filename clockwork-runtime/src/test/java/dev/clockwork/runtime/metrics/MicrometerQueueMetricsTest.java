package dev.clockwork.runtime.metrics;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.clockwork.core.definition.Machine;
import dev.clockwork.core.definition.MachineDefinition;
import dev.clockwork.core.event.Event;
import dev.clockwork.core.interpreter.InstanceStatus;
import dev.clockwork.runtime.Engine;
import dev.clockwork.runtime.audit.OperatorAction;
import dev.clockwork.runtime.clock.TimeTravel;
import dev.clockwork.runtime.clock.VirtualClock;
import dev.clockwork.runtime.instance.NewInstance;
import dev.clockwork.runtime.store.InstanceBuilder;
import dev.clockwork.runtime.store.InstanceRecord;
import dev.clockwork.runtime.store.StoreContract;
import dev.clockwork.runtime.store.memory.InMemoryStore;
import io.micrometer.core.instrument.search.MeterNotFoundException;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Each of the queue seed's meters exists, is tagged by machine, and moves as events flow. */
class MicrometerQueueMetricsTest {
  private static final MachineDefinition CART =
      Machine.define("cart")
          .initial("open")
          .state(
              "open",
              s ->
                  s.on("ADD", t -> t.action(x -> x.set("n", x.context().getLong("n", 0) + 1)))
                      .on(
                          "BREAK",
                          t ->
                              t.action(
                                  x -> {
                                    throw new IllegalStateException("broken");
                                  })))
          .build();

  @Test
  void metersMoveAsEventsFlow() {
    VirtualClock clock = VirtualClock.at("2026-01-01T00:00:00Z");
    SimpleMeterRegistry registry = new SimpleMeterRegistry();
    Engine engine = Engine.builder().clock(clock).register(CART).metrics(registry).build();
    engine.create(NewInstance.of("cart").id("c-1"));

    engine.enqueue("c-1", Event.of("ADD"));
    engine.enqueue("c-1", Event.of("ADD"));
    assertThat(registry.get("queue.pending").tag("machine", "cart").gauge().value()).isEqualTo(2);
    clock.advance(Duration.ofSeconds(3));
    engine.runDue();
    assertThat(registry.get("queue.completed").tag("machine", "cart").counter().count())
        .isEqualTo(2);
    assertThat(
            registry
                .get("queue.wait_time")
                .tag("machine", "cart")
                .timer()
                .max(java.util.concurrent.TimeUnit.SECONDS))
        .isEqualTo(3);
    assertThat(registry.get("queue.processing_time").tag("machine", "cart").timer().count())
        .isEqualTo(2);
    assertThat(registry.get("queue.pending").tag("machine", "cart").gauge().value()).isZero();
    assertThat(registry.get("queue.processing").tag("machine", "cart").gauge().value()).isZero();

    engine.enqueue("c-1", Event.of("BREAK"));
    TimeTravel.advance(engine, clock, clock.instant().plusSeconds(10));
    assertThat(
            registry
                .get("queue.failed")
                .tag("machine", "cart")
                .tag("outcome", "retrying")
                .counter()
                .count())
        .isEqualTo(2);
    assertThat(
            registry
                .get("queue.failed")
                .tag("machine", "cart")
                .tag("outcome", "dead_lettered")
                .counter()
                .count())
        .isEqualTo(1);
    assertThat(registry.get("queue.retried").tag("machine", "cart").counter().count()).isEqualTo(2);
    assertThat(registry.get("queue.dlq_size").tag("machine", "cart").gauge().value()).isEqualTo(1);
    assertThat(registry.getMeters())
        .allSatisfy(m -> assertThat(m.getId().getTag("instance")).isNull());
  }

  @Test
  void retentionCountsTheRowsItRemovesByTable() {
    VirtualClock clock = VirtualClock.at("2026-06-01T00:00:00Z");
    SimpleMeterRegistry registry = new SimpleMeterRegistry();
    InMemoryStore store = new InMemoryStore();
    InstanceRecord done =
        InstanceBuilder.instance("old")
            .machine("cart")
            .in("open")
            .status(InstanceStatus.DONE)
            .updatedAt(clock.instant().minus(Duration.ofDays(31)))
            .build();
    store.work().create(done, List.of(StoreContract.createdRow(done)));

    try (Engine engine =
        Engine.builder().store(store).clock(clock).register(CART).metrics(registry).build()) {
      engine.start();

      await()
          .atMost(Duration.ofSeconds(10))
          .untilAsserted(
              () -> {
                assertThat(
                        registry
                            .get("retention.removed")
                            .tag("table", "instances")
                            .counter()
                            .count())
                    .isEqualTo(1);
                assertThat(
                        registry.get("retention.removed").tag("table", "history").counter().count())
                    .isEqualTo(1);
              });
      assertThat(registry.get("retention.pass").timer().count()).isPositive();
    }
  }

  @Test
  void retentionReportsWhatIsLeftToDoByMachineAndTable() {
    VirtualClock clock = VirtualClock.at("2026-06-01T00:00:00Z");
    SimpleMeterRegistry registry = new SimpleMeterRegistry();
    InMemoryStore store = new InMemoryStore();
    Instant created = clock.instant().minus(Duration.ofDays(200));
    InstanceRecord running =
        InstanceBuilder.instance("long").machine("cart").in("open").createdAt(created).build();
    store.work().create(running, List.of(StoreContract.createdRow(running)));
    store
        .operatorLog()
        .append(
            new OperatorAction(
                0, clock.instant().minusSeconds(60), "ada", null, null, "a", "t", null));

    try (Engine engine =
        Engine.builder()
            .store(store)
            .clock(clock)
            .register(CART)
            .metrics(registry)
            .settings(
                s ->
                    s.machine(
                        "cart", m -> m.retention(r -> r.finishedInstances(Duration.ofDays(1)))))
            .build()) {
      engine.start();

      await()
          .atMost(Duration.ofSeconds(10))
          .ignoreExceptionsInstanceOf(MeterNotFoundException.class)
          .untilAsserted(
              () ->
                  assertThat(
                          registry
                              .get("retention.oldest_age")
                              .tag("machine", "*")
                              .tag("table", "operator_log")
                              .gauge()
                              .value())
                      .isEqualTo(60));
      assertThat(
              registry
                  .get("retention.backlog")
                  .tag("machine", "*")
                  .tag("table", "operator_log")
                  .gauge()
                  .value())
          .as("a minute old: not past its retention")
          .isZero();
      assertThat(
              registry
                  .get("retention.oldest_age")
                  .tag("machine", "cart")
                  .tag("table", "history")
                  .gauge()
                  .value())
          .isEqualTo(Duration.ofDays(200).toSeconds());
    }
  }
}
