package dev.clockwork.core.interpreter;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.clockwork.core.definition.Machine;
import dev.clockwork.core.definition.MachineDefinition;
import dev.clockwork.core.event.Event;
import dev.clockwork.core.time.Timer;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Moving a running instance onto another version through a state mapping. */
class MigrationTest {
  private static final Instant T0 = Run.T0;
  private static final Instant LATER = T0.plus(Duration.ofDays(1));

  private static final MachineDefinition V1 =
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
          .finalState("shipped")
          .finalState("cancelled")
          .build();

  private static final MachineDefinition V2 =
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
          .finalState("delivered")
          .finalState("cancelled")
          .build();

  private static final StateMapping MAPPING =
      StateMapping.parse(List.of("processing=fulfilment.packing", "shipped=delivered"));

  private static Snapshot in(String... events) {
    Snapshot snapshot = Interpreter.start(V1, Map.of(), T0).snapshot();
    for (String event : events) {
      snapshot = Interpreter.transition(snapshot, Event.of(event), T0).snapshot();
    }
    return snapshot;
  }

  @Test
  void aKeptStateKeepsItsEntryAndItsTimerTakesTheNewDurationFromIt() {
    Snapshot waiting = in();
    long entry = waiting.activeStates().get(1).entryId();

    Snapshot migrated = Interpreter.migrate(waiting, V2, MAPPING, LATER).snapshot();

    assertThat(migrated.definition().version()).isEqualTo(2);
    assertThat(migrated.value()).containsExactly("awaiting_payment");
    assertThat(migrated.activeStates().get(1).entryId()).isEqualTo(entry);
    assertThat(migrated.timers())
        .singleElement()
        .satisfies(t -> assertThat(t.due()).isEqualTo(T0.plus(Duration.ofDays(5))));
  }

  @Test
  void aSplitStateMovesIntoItsNewPlaceWithTheEnclosingStateEnteredNow() {
    Snapshot processing = in("PAY");
    ActiveState old = processing.activeStates().get(1);

    Snapshot migrated = Interpreter.migrate(processing, V2, MAPPING, LATER).snapshot();

    assertThat(migrated.value()).containsExactly("fulfilment.packing");
    ActiveState packing =
        migrated.activeStates().stream()
            .filter(a -> a.path().equals("fulfilment.packing"))
            .findFirst()
            .orElseThrow();
    ActiveState fulfilment =
        migrated.activeStates().stream()
            .filter(a -> a.path().equals("fulfilment"))
            .findFirst()
            .orElseThrow();
    assertThat(packing.entryId()).isEqualTo(old.entryId());
    assertThat(packing.enteredAt()).isEqualTo(T0);
    assertThat(fulfilment.enteredAt()).isEqualTo(LATER);
    assertThat(fulfilment.entryId()).isGreaterThan(processing.lastEntryId() - 1);
    assertThat(Interpreter.transition(migrated, Event.of("PACKED"), LATER).snapshot().value())
        .containsExactly("fulfilment.dispatched");
  }

  @Test
  void mappingOntoACompoundStateEntersItsInitialChild() {
    Snapshot migrated =
        Interpreter.migrate(
                in("PAY"), V2, StateMapping.parse(List.of("processing=fulfilment")), LATER)
            .snapshot();

    assertThat(migrated.value()).containsExactly("fulfilment.packing");
  }

  @Test
  void aStateTheTargetLacksIsRefusedNamingIt() {
    assertThatThrownBy(() -> Interpreter.migrate(in("HOLD"), V2, MAPPING, LATER))
        .isInstanceOf(UnmappedStatesException.class)
        .hasMessageContaining("[on_hold]")
        .satisfies(
            e -> assertThat(((UnmappedStatesException) e).unmapped()).containsExactly("on_hold"));
  }

  @Test
  void aMappingEntryMustBeOldEqualsNew() {
    assertThatThrownBy(() -> StateMapping.parse(List.of("processing")))
        .hasMessageContaining("old.path=new.path");
    assertThat(StateMapping.parse(List.of("shipping=delivery")).map("shipping.packed"))
        .isEqualTo("delivery.packed");
  }
}
