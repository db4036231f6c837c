package dev.clockwork.runtime;

import static org.assertj.core.api.Assertions.assertThat;

import dev.clockwork.core.definition.Machine;
import dev.clockwork.core.definition.MachineDefinition;
import dev.clockwork.core.event.Event;
import dev.clockwork.runtime.clock.VirtualClock;
import dev.clockwork.runtime.instance.NewInstance;
import dev.clockwork.runtime.store.Store;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * What history states recorded is part of the stored snapshot: an instance that left a state on one
 * engine re-enters it through its history on another engine on the same store — a restart, or the
 * instance moving to another node — and finds the states it left. Subclass once per store.
 */
public abstract class HistoryStatesContractTest {
  private static final Instant T0 = Instant.parse("2026-01-01T00:00:00Z");

  /** editing → (draft | review → (reading | commenting)) with a deep and a shallow history. */
  private static final MachineDefinition EDITOR =
      Machine.define("editor")
          .initial("editing")
          .state(
              "editing",
              s ->
                  s.initial("draft")
                      .history("resume", h -> h.deep())
                      .history("back")
                      .state("draft", c -> c.on("SUBMIT", "review"))
                      .state(
                          "review",
                          c ->
                              c.initial("reading")
                                  .state("reading", r -> r.on("COMMENT", "commenting"))
                                  .state("commenting"))
                      .on("PAUSE", "paused"))
          .state("paused", s -> s.on("RESUME", "editing.resume").on("BACK", "editing.back"))
          .build();

  private VirtualClock clock;
  private Store store;

  protected abstract Store newStore();

  /** The store a second node opens on the same data; the same object where there is no other. */
  protected Store anotherNodesStore(Store first) {
    return first;
  }

  @BeforeEach
  void store() {
    clock = VirtualClock.at(T0);
    store = newStore();
  }

  private Engine node(String owner) {
    return Engine.builder()
        .store(owner.equals("first") ? store : anotherNodesStore(store))
        .clock(clock)
        .register(EDITOR)
        .settings(s -> s.workers(w -> w.owner(owner)))
        .build();
  }

  @Test
  void aDeepHistoryRecordedOnOneNodeIsRestoredOnAnother() {
    Engine first = node("first");
    first.create(NewInstance.of("editor").id("e-1"));
    first.send("e-1", Event.of("SUBMIT"));
    first.send("e-1", Event.of("COMMENT"));
    first.send("e-1", Event.of("PAUSE"));
    first.close();

    Engine second = node("second");
    second.send("e-1", Event.of("RESUME"));

    assertThat(second.instances().get("e-1").states()).containsExactly("editing.review.commenting");
  }

  @Test
  void aShallowHistoryRestoredByAQueuedEventOnANewNode() {
    Engine first = node("first");
    first.create(NewInstance.of("editor").id("e-2"));
    first.send("e-2", Event.of("SUBMIT"));
    first.send("e-2", Event.of("COMMENT"));
    first.send("e-2", Event.of("PAUSE"));
    first.close();

    Engine second = node("second");
    second.enqueue("e-2", Event.of("BACK"));
    assertThat(second.runDue()).isEqualTo(1);

    assertThat(second.instances().get("e-2").states()).containsExactly("editing.review.reading");
  }

  @Test
  void eachInstanceKeepsItsOwnRecordAndANewOneTakesTheDefault() {
    Engine first = node("first");
    first.create(NewInstance.of("editor").id("e-3"));
    first.send("e-3", Event.of("SUBMIT"));
    first.send("e-3", Event.of("PAUSE"));
    first.create(NewInstance.of("editor").id("e-4"));
    first.send("e-4", Event.of("PAUSE"));
    first.close();

    Engine second = node("second");
    second.send("e-3", Event.of("RESUME"));
    second.send("e-4", Event.of("RESUME"));

    assertThat(second.instances().get("e-3").states()).isEqualTo(List.of("editing.review.reading"));
    assertThat(second.instances().get("e-4").states()).isEqualTo(List.of("editing.draft"));
  }
}
