package dev.clockwork.runtime;

import static org.assertj.core.api.Assertions.assertThat;

import dev.clockwork.core.definition.Machine;
import dev.clockwork.core.definition.MachineDefinition;
import dev.clockwork.core.event.Event;
import dev.clockwork.core.time.Timer;
import dev.clockwork.runtime.clock.VirtualClock;
import dev.clockwork.runtime.instance.HistoryQuery;
import dev.clockwork.runtime.instance.NewInstance;
import dev.clockwork.runtime.migration.MigrationReport;
import dev.clockwork.runtime.migration.MigrationRequest;
import dev.clockwork.runtime.store.Store;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Migrating running instances across a rename ({@code shipped} → {@code delivered}) and a split
 * ({@code processing} → {@code fulfilment.packing}): the dry run reports per configuration and the
 * unmapped state, the run moves every mappable instance and refuses the rest, a second run moves
 * nothing more, and an event sent meanwhile lands on one version or the other. Subclass per store.
 */
public abstract class MigrationContractTest {
  private static final Instant T0 = Instant.parse("2026-01-01T00:00:00Z");

  static final MachineDefinition V1 =
      Machine.define("order")
          .initial("awaiting_payment")
          .state(
              "awaiting_payment",
              s ->
                  s.on("PAY", "processing")
                      .on("HOLD", "on_hold")
                      .on("ORDER_EXPIRED", t -> t.to("cancelled").after(Timer.days(7))))
          .state("processing", s -> s.on("SHIP", "shipped"))
          .state("on_hold")
          .state("shipped", s -> s.on("RETURN", "awaiting_payment"))
          .finalState("cancelled")
          .build();

  static final MachineDefinition V2 =
      Machine.define("order")
          .version(2)
          .initial("awaiting_payment")
          .state(
              "awaiting_payment",
              s ->
                  s.on("PAY", "fulfilment")
                      .on("ORDER_EXPIRED", t -> t.to("cancelled").after(Timer.days(5))))
          .state(
              "fulfilment",
              s ->
                  s.initial("packing")
                      .state("packing", p -> p.on("PACKED", "dispatched"))
                      .state("dispatched", d -> d.on("DELIVER", "delivered")))
          .state("delivered", s -> s.on("RETURN", "awaiting_payment"))
          .finalState("cancelled")
          .build();

  private static final MigrationRequest REQUEST =
      MigrationRequest.of(
          "order", 1, 2, List.of("processing=fulfilment.packing", "shipped=delivered"));

  private VirtualClock clock;
  private Engine engine;

  protected abstract Store newStore();

  /** How many instances the big test migrates: 10,000 in memory. */
  protected int instances() {
    return 10_000;
  }

  @BeforeEach
  void engine() {
    clock = VirtualClock.at(T0);
    engine = Engine.builder().store(newStore()).clock(clock).register(V1).build();
  }

  @AfterEach
  void close() {
    engine.close();
  }

  /** Instance i: 4 in 10 awaiting payment, 3 processing, 2 shipped, 1 on hold. */
  private void createOrders(int count) {
    List<NewInstance> batch = new ArrayList<>();
    for (int i = 0; i < count; i++) {
      batch.add(NewInstance.of("order").id("o-" + i));
      if (batch.size() == 1000 || i == count - 1) {
        engine.createAll(batch);
        batch.clear();
      }
    }
    for (int i = 0; i < count; i++) {
      switch (i % 10) {
        case 4, 5, 6 -> engine.send("o-" + i, Event.of("PAY"));
        case 7, 8 -> {
          engine.send("o-" + i, Event.of("PAY"));
          engine.send("o-" + i, Event.of("SHIP"));
        }
        case 9 -> engine.send("o-" + i, Event.of("HOLD"));
        default -> {}
      }
    }
  }

  @Test
  void aDryRunReportsThenTheRunMovesWhatMapsAndRefusesTheRest() {
    int count = instances();
    createOrders(count);
    clock.advance(Duration.ofDays(1));
    engine.machines().register(V2);

    MigrationReport plan = engine.machines().migrate(REQUEST, true);
    assertThat(plan.dryRun()).isTrue();
    assertThat(plan.configurations())
        .isEqualTo(
            Map.of(
                "awaiting_payment", count * 4 / 10,
                "processing", count * 3 / 10,
                "shipped", count * 2 / 10,
                "on_hold", count / 10));
    assertThat(plan.unmapped()).isEqualTo(Map.of("on_hold", count / 10));
    assertThat(plan.migrated()).isEqualTo(count * 9 / 10);
    assertThat(plan.refused()).isEqualTo(count / 10);
    assertThat(engine.instances().get("o-4").version())
        .as("a dry run changes nothing")
        .isEqualTo(1);

    MigrationReport done = engine.machines().migrate(REQUEST, false);
    assertThat(done.migrated()).isEqualTo(count * 9 / 10);
    assertThat(done.refused()).isEqualTo(count / 10);
    assertThat(done.refusedIds())
        .hasSize(Math.min(100, count / 10))
        .allMatch(id -> id.endsWith("9"), "an instance on hold");

    Instance split = engine.instances().get("o-4");
    assertThat(split.version()).isEqualTo(2);
    assertThat(split.states()).containsExactly("fulfilment.packing");
    assertThat(engine.instances().get("o-7").states()).containsExactly("delivered");
    Instance waiting = engine.instances().get("o-0");
    assertThat(waiting.timers())
        .singleElement()
        .satisfies(
            t ->
                assertThat(t.due())
                    .as("v2's 5 days from the kept entry")
                    .isEqualTo(T0.plus(Duration.ofDays(5))));
    assertThat(engine.instances().get("o-9").version()).isEqualTo(1);
    assertThat(engine.instances().history(HistoryQuery.all("o-4")))
        .anySatisfy(h -> assertThat(h.event()).isEqualTo("@migrate"));
    engine.send("o-4", Event.of("PACKED"));
    assertThat(engine.instances().get("o-4").states()).containsExactly("fulfilment.dispatched");

    MigrationReport again = engine.machines().migrate(REQUEST, false);
    assertThat(again.migrated()).as("a repeated run moves nothing more").isZero();
    assertThat(again.refused()).isEqualTo(count / 10);
  }

  @Test
  void anEventSentDuringTheMigrationLandsOnOneVersionOrTheOther() throws Exception {
    createOrders(200);
    engine.machines().register(V2);
    List<CompletableFuture<Void>> payments = new ArrayList<>();

    CompletableFuture<MigrationReport> migration =
        CompletableFuture.supplyAsync(() -> engine.machines().migrate(REQUEST, false));
    for (int i = 0; i < 200; i += 10) {
      String id = "o-" + i;
      payments.add(CompletableFuture.runAsync(() -> engine.send(id, Event.of("PAY"))));
    }
    migration.get(60, TimeUnit.SECONDS);
    CompletableFuture.allOf(payments.toArray(new CompletableFuture[0])).get(60, TimeUnit.SECONDS);
    engine.machines().migrate(REQUEST, false); // those paid on version 1 after their turn

    for (int i = 0; i < 200; i += 10) {
      Instance paid = engine.instances().get("o-" + i);
      assertThat(paid.version()).isEqualTo(2);
      assertThat(paid.states()).containsExactly("fulfilment.packing");
    }
  }
}
