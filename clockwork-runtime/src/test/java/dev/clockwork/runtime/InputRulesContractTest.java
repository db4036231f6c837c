package dev.clockwork.runtime;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.clockwork.core.definition.Machine;
import dev.clockwork.core.definition.MachineDefinition;
import dev.clockwork.core.event.Event;
import dev.clockwork.core.input.InputRules;
import dev.clockwork.core.input.ReservedNameException;
import dev.clockwork.runtime.clock.VirtualClock;
import dev.clockwork.runtime.error.UnknownMachineException;
import dev.clockwork.runtime.instance.NewInstance;
import dev.clockwork.runtime.queue.EventRequest;
import dev.clockwork.runtime.store.Store;
import java.text.Normalizer;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The rules every public entry applies (issue 25): the engine's own id forms and events are refused
 * to callers with the rule named, while the engine's own paths still use them; ids are at most
 * {@value InputRules#MAX_ID_LENGTH} characters and NFC; a NUL anywhere is an {@link
 * IllegalArgumentException} naming the field, never a store error. Subclass once per store.
 */
public abstract class InputRulesContractTest {
  private static final Instant T0 = Instant.parse("2026-05-01T08:00:00Z");

  /** A payment child; the order waits for its outcome. */
  private static final MachineDefinition PAYMENT =
      Machine.define("payment")
          .initial("charging")
          .state("charging", s -> s.on("PAID", "paid"))
          .finalState("paid")
          .build();

  private static final MachineDefinition ORDER =
      Machine.define("order")
          .initial("paying")
          .state("paying", s -> s.invoke("payment").on("@done", "confirmed").on("CANCEL", "gone"))
          .finalState("confirmed")
          .finalState("gone")
          .build();

  private Store store;
  private Engine engine;

  /** An empty store for each test. */
  protected abstract Store newStore();

  @BeforeEach
  void openEngine() {
    store = newStore();
    engine =
        Engine.builder().store(store).clock(VirtualClock.at(T0)).register(PAYMENT, ORDER).build();
    engine.create(NewInstance.of("order").id("o-1"));
  }

  @Test
  void internalEventsAreRefusedOnSendAndEnqueueNamingTheRule() {
    for (String type :
        List.of(
            "@done",
            "@done.paid",
            "@fail",
            "@timeout",
            "@parallel.fail",
            "@cancel",
            "done.state.paying",
            "fail.state.paying")) {
      assertThatThrownBy(() -> engine.send("o-1", Event.of(type)))
          .isInstanceOf(ReservedNameException.class)
          .hasMessageContaining("'" + type + "' is reserved")
          .hasMessageContaining("only the engine sends");
      assertThatThrownBy(() -> engine.enqueue(EventRequest.to("o-1", Event.of(type))))
          .isInstanceOf(ReservedNameException.class)
          .hasMessageContaining("'" + type + "' is reserved");
    }
    assertThat(engine.instances().get("o-1").states()).containsExactly("paying");
    assertThat(engine.instances().pendingEvents("o-1")).isZero();
  }

  @Test
  void theEnginesOwnPathsStillDeliverInternalEvents() {
    String child = engine.instances().get("o-1").id() + "/paying#";
    String childId =
        store.instances().instanceIds("payment").stream()
            .filter(id -> id.startsWith(child))
            .findFirst()
            .orElseThrow();
    engine.send(childId, Event.of("PAID")); // the child's @done reaches its parent
    engine.runDue();
    assertThat(engine.instances().get("o-1").states()).containsExactly("confirmed");
    engine.create(NewInstance.of("order").id("o-2"));
    engine.instances().cancel("o-2"); // @cancel, on the engine's own path
    engine.runDue();
    assertThat(engine.instances().get("o-2").status().name()).isEqualTo("CANCELLED");
  }

  @Test
  void reservedIdFormsAreRefusedToCallersButNotToTheEnginesOwnPaths() {
    assertThatThrownBy(
            () -> engine.create(NewInstance.of("order").id("schedule:daily:2026-05-01T08:00:00Z")))
        .isInstanceOf(ReservedNameException.class)
        .hasMessageContaining("is reserved")
        .hasMessageContaining("schedule runs'");
    assertThatThrownBy(() -> engine.create(NewInstance.of("order").id("o-1/paying#1")))
        .isInstanceOf(ReservedNameException.class)
        .hasMessageContaining("child machine instances'");
    List<CreateOutcome> batch =
        engine.createAll(List.of(NewInstance.of("order").id("schedule:x:1")));
    assertThat(batch.get(0).failure()).isInstanceOf(ReservedNameException.class);
    assertThat(store.instances().find("schedule:x:1")).isEmpty();

    engine.admin().reservedCreations().create(NewInstance.of("order").id("schedule:x:1"));
    assertThat(store.instances().find("schedule:x:1")).isPresent();
  }

  @Test
  void idsHaveAMaximumLengthAndMustBeNfc() {
    String longest = "o".repeat(InputRules.MAX_ID_LENGTH);
    engine.create(NewInstance.of("order").id(longest));
    assertThatThrownBy(() -> engine.create(NewInstance.of("order").id(longest + "o")))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("instance id is 201 characters long")
        .hasMessageContaining("at most 200");
    String nfd = Normalizer.normalize("café", Normalizer.Form.NFD);
    assertThatThrownBy(() -> engine.create(NewInstance.of("order").id(nfd)))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("instance id")
        .hasMessageContaining("not in Unicode NFC")
        .hasMessageContaining("Normalizer.normalize");
    engine.create(NewInstance.of("order").id(Normalizer.normalize(nfd, Normalizer.Form.NFC)));
    assertThatThrownBy(
            () ->
                engine.enqueue(
                    EventRequest.to("o-1", Event.of("CANCEL")).idempotencyKey("k".repeat(201))))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("idempotency key is 201 characters long");
    assertThatThrownBy(() -> Machine.define(nfd))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("machine id");
  }

  @Test
  void aNulIsRefusedNamingTheFieldBeforeItReachesTheStore() {
    assertThatThrownBy(() -> engine.create(NewInstance.of("order").id("o\0x")))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("instance id holds a NUL");
    assertThatThrownBy(() -> engine.send("o\0x", Event.of("CANCEL")))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("instance id holds a NUL");
    assertThatThrownBy(() -> engine.send("o-1", Event.of("CAN\0CEL")))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("event type holds a NUL");
    assertThatThrownBy(() -> engine.send("o-1", Event.of("CANCEL", Map.of("note", "a\0b"))))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("payload.note holds a NUL");
    assertThatThrownBy(() -> engine.send("o-1", Event.of("CANCEL", Map.of("n\0", "x"))))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("a key in payload holds a NUL");
    assertThatThrownBy(
            () -> engine.create(NewInstance.of("order").id("o-3").input(Map.of("k", "\0"))))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("input.k holds a NUL");
    assertThatThrownBy(
            () -> engine.create(NewInstance.of("order").id("o-3").label("team", "bi\0lling")))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("labels.team holds a NUL");
    assertThatThrownBy(
            () -> engine.enqueue(EventRequest.to("o-1", Event.of("CANCEL")).idempotencyKey("k\0")))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("idempotency key holds a NUL");
    assertThat(store.instances().find("o-3")).isEmpty();
    assertThat(engine.instances().pendingEvents("o-1")).isZero();
  }

  @Test
  void pausingTheQueueOfAnUnknownMachineIsRefusedNamingTheKnownOnes() {
    assertThatThrownBy(() -> engine.admin().queues().pause("ordr"))
        .isInstanceOf(UnknownMachineException.class)
        .hasMessageContaining("'ordr'")
        .hasMessageContaining("order")
        .hasMessageContaining("payment");
    assertThatThrownBy(() -> engine.admin().queues().resume("ordr"))
        .isInstanceOf(UnknownMachineException.class);
    engine.admin().queues().pause("order");
    engine.admin().queues().resume("order");
  }

  @Test
  void aNegativeRetryDelayIsRefusedWhenTheSettingsAreBuilt() {
    assertThatThrownBy(
            () ->
                Engine.builder()
                    .store(newStore())
                    .register(ORDER, PAYMENT)
                    .settings(
                        s -> s.queue(q -> q.retry(r -> r.initialDelay(Duration.ofSeconds(-1)))))
                    .build())
        .hasMessageContaining("initial");
  }
}
