package dev.clockwork.runtime;

import static org.assertj.core.api.Assertions.assertThat;

import dev.clockwork.core.definition.Machine;
import dev.clockwork.core.definition.MachineDefinition;
import dev.clockwork.core.event.Event;
import dev.clockwork.runtime.clock.VirtualClock;
import dev.clockwork.runtime.error.UnknownMachineException;
import dev.clockwork.runtime.instance.HistoryQuery;
import dev.clockwork.runtime.instance.NewInstance;
import dev.clockwork.runtime.listener.EngineListener;
import dev.clockwork.runtime.store.HistoryEntry;
import dev.clockwork.runtime.store.Store;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * {@link Engine#createAll}: many creations in one store commit, each refused or failed on its own —
 * a taken id, an id twice in the batch, an unknown machine, an entry action that throws — while the
 * others are created. Subclass once per store.
 */
public abstract class BatchCreationContractTest {
  private static final Instant T0 = Instant.parse("2026-01-01T00:00:00Z");

  private static final MachineDefinition JOB =
      Machine.define("job")
          .initial("running")
          .state("running", s -> s.on("FINISH", "done"))
          .finalState("done")
          .build();

  private static final MachineDefinition BROKEN =
      Machine.define("broken")
          .initial("starting")
          .state(
              "starting",
              s ->
                  s.entry(
                      a -> {
                        throw new IllegalStateException("entry fails");
                      }))
          .build();

  private final List<Integer> commits = new ArrayList<>();
  private Store store;
  private Engine engine;

  protected abstract Store newStore();

  @BeforeEach
  void engine() {
    store = newStore();
    engine =
        Engine.builder()
            .store(store)
            .clock(VirtualClock.at(T0))
            .register(JOB, BROKEN)
            .listener(
                new EngineListener() {
                  @Override
                  public void committed(int turns, Duration took) {
                    commits.add(turns);
                  }
                })
            .build();
  }

  private static NewInstance job(String id) {
    return NewInstance.of("job")
        .id(id)
        .input(Map.of("n", id))
        .origin(Event.of("Started", Map.of("by", id)));
  }

  @Test
  void createsEveryInstanceInOneStoreCommit() {
    List<CreateOutcome> outcomes = engine.createAll(List.of(job("a"), job("b"), job("c")));

    assertThat(outcomes).extracting(CreateOutcome::created).containsExactly(true, true, true);
    assertThat(outcomes).extracting(CreateOutcome::id).containsExactly("a", "b", "c");
    assertThat(commits).as("store commits and the chains each wrote").containsExactly(3);
    for (String id : List.of("a", "b", "c")) {
      assertThat(engine.instances().get(id).context()).containsEntry("n", id);
      HistoryEntry origin = engine.instances().history(HistoryQuery.all(id)).get(0);
      assertThat(origin.kind()).isEqualTo(HistoryEntry.Kind.ORIGIN);
      assertThat(origin.payload()).containsEntry("by", id);
    }
    assertThat(engine.instances().get("a").conversationId())
        .isNotEqualTo(engine.instances().get("b").conversationId());
  }

  @Test
  void aTakenIdRefusesOnlyItsOwnCreation() {
    engine.create(NewInstance.of("job").id("b").input(Map.of("n", "first")));

    List<CreateOutcome> outcomes = engine.createAll(List.of(job("a"), job("b"), job("c")));

    assertThat(outcomes).extracting(CreateOutcome::created).containsExactly(true, false, true);
    assertThat(outcomes.get(1).duplicate()).isTrue();
    assertThat(engine.instances().get("b").context()).containsEntry("n", "first");
    assertThat(engine.instances().history(HistoryQuery.all("b")))
        .noneMatch(e -> e.kind() == HistoryEntry.Kind.ORIGIN);
    assertThat(store.instances().instanceIds("job")).containsExactlyInAnyOrder("a", "b", "c");
  }

  @Test
  void anIdTwiceInOneBatchIsCreatedOnce() {
    List<CreateOutcome> outcomes = engine.createAll(List.of(job("x"), job("y"), job("x")));

    assertThat(outcomes).extracting(CreateOutcome::created).containsExactly(true, true, false);
    assertThat(outcomes.get(2).duplicate()).isTrue();
    assertThat(store.instances().instanceIds("job")).containsExactlyInAnyOrder("x", "y");
  }

  @Test
  void aCreationThatFailsFailsAlone() {
    List<CreateOutcome> outcomes =
        engine.createAll(
            List.of(
                job("a"),
                NewInstance.of("nope").id("n1"),
                NewInstance.of("broken").id("b1"),
                job("c")));

    assertThat(outcomes)
        .extracting(CreateOutcome::created)
        .containsExactly(true, false, false, true);
    assertThat(outcomes.get(1).failure()).isInstanceOf(UnknownMachineException.class);
    assertThat(outcomes.get(2).failure()).hasMessageContaining("entry fails");
    assertThat(store.instances().instanceIds("job")).containsExactlyInAnyOrder("a", "c");
    assertThat(store.instances().instanceIds("broken")).isEmpty();
  }

  @Test
  void aRandomIdIsGivenWhenNoneIsNamed() {
    List<CreateOutcome> outcomes =
        engine.createAll(List.of(NewInstance.of("job"), NewInstance.of("job")));

    assertThat(outcomes).allMatch(CreateOutcome::created);
    assertThat(outcomes.get(0).id()).startsWith("job:").isNotEqualTo(outcomes.get(1).id());
  }
}
