package dev.clockwork.core.interpreter;

import static org.assertj.core.api.Assertions.assertThat;

import dev.clockwork.core.behavior.Guard;
import dev.clockwork.core.context.Context;
import dev.clockwork.core.definition.HistoryType;
import dev.clockwork.core.definition.Machine;
import dev.clockwork.core.definition.MachineDefinition;
import dev.clockwork.core.event.Event;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * History states: leaving a state records what it had active; a transition to its history enters
 * that again (shallow: the children, each by its initial; deep: the very leaves), or the default
 * until the state was first left. The record is part of the snapshot.
 */
class HistoryStateTest {

  /** editing → (draft | review → (reading | commenting)); PAUSE leaves it, RESUME comes back. */
  private static MachineDefinition editor(HistoryType type) {
    return Machine.define("editor")
        .initial("editing")
        .state(
            "editing",
            s ->
                s.initial("draft")
                    .history("resume", h -> h.type(type))
                    .state("draft", c -> c.on("SUBMIT", "review"))
                    .state(
                        "review",
                        c ->
                            c.initial("reading")
                                .state("reading", r -> r.on("COMMENT", "commenting"))
                                .state("commenting"))
                    .on("PAUSE", "paused"))
        .state("paused", s -> s.on("RESUME", "editing.resume").on("RESTART", "editing"))
        .build();
  }

  @Test
  void aDeepHistoryRestoresTheLeaves() {
    Run run = Run.start(editor(HistoryType.DEEP)).send("SUBMIT").send("COMMENT").send("PAUSE");
    assertThat(run.snapshot().history())
        .isEqualTo(Map.of("editing.resume", List.of("editing.review.commenting")));

    run.send("RESUME");

    assertThat(run.value()).containsExactly("editing.review.commenting");
  }

  @Test
  void aShallowHistoryRestoresTheChildEnteredByItsInitial() {
    Run run = Run.start(editor(HistoryType.SHALLOW)).send("SUBMIT").send("COMMENT").send("PAUSE");
    assertThat(run.snapshot().history())
        .isEqualTo(Map.of("editing.resume", List.of("editing.review")));

    run.send("RESUME");

    assertThat(run.value()).containsExactly("editing.review.reading");
  }

  @Test
  void withNothingRecordedAndNoDefaultTheParentIsEnteredByItsInitial() {
    MachineDefinition machine =
        Machine.define("editor")
            .initial("paused")
            .state("paused", s -> s.on("RESUME", "editing.resume"))
            .state(
                "editing",
                s -> s.initial("draft").history("resume", h -> h.deep()).state("draft").state("x"))
            .build();

    assertThat(Run.start(machine).send("RESUME").value()).containsExactly("editing.draft");
  }

  /**
   * From inside the parent to its own history, nothing recorded, no default: the parent stays
   * active (it is the transition's domain) and its initial child is entered, once.
   */
  @Test
  void toTheOwnParentsEmptyHistoryEntersTheInitialChildWithoutReenteringTheParent() {
    MachineDefinition machine =
        Machine.define("wizard")
            .initial("steps")
            .state(
                "steps",
                s ->
                    s.initial("one")
                        .entry(Run.log("steps"))
                        .history("back")
                        .state("one", c -> c.on("NEXT", "two"))
                        .state("two", c -> c.on("BACK", "back")))
            .build();

    Run run = Run.start(machine).send("NEXT").send("BACK");

    assertThat(run.value()).containsExactly("steps.one");
    assertThat(run.snapshot().activeStates()).hasSize(3);
    assertThat(run.log()).containsExactly("steps");
  }

  @Test
  void enteringTheParentDirectlyIgnoresTheHistory() {
    Run run = Run.start(editor(HistoryType.DEEP)).send("SUBMIT").send("PAUSE").send("RESTART");

    assertThat(run.value()).containsExactly("editing.draft");
    assertThat(run.snapshot().history())
        .isEqualTo(Map.of("editing.resume", List.of("editing.review.reading")));
  }

  @Test
  void aDeepHistoryOfAParallelStateRestoresEveryRegion() {
    MachineDefinition machine =
        Machine.define("job")
            .initial("work")
            .parallel(
                "work",
                p ->
                    p.history("resume", h -> h.deep())
                        .state(
                            "a", r -> r.initial("a1").state("a1", s -> s.on("A", "a2")).state("a2"))
                        .state(
                            "b", r -> r.initial("b1").state("b1", s -> s.on("B", "b2")).state("b2"))
                        .on("HOLD", "held"))
            .state("held", s -> s.on("GO", "work.resume"))
            .build();

    Run run = Run.start(machine).send("B").send("HOLD").send("GO");

    assertThat(run.value()).containsExactly("work.a.a1", "work.b.b2");
  }

  /** Every recorded leaf is entered before a parallel ancestor fills in the regions left over. */
  @Test
  void aDeepHistoryAboveAParallelStateRestoresTheLeafOfEachRegion() {
    MachineDefinition machine =
        Machine.define("job")
            .initial("outer")
            .state(
                "outer",
                o ->
                    o.initial("work")
                        .history("resume", h -> h.deep())
                        .parallel(
                            "work",
                            p ->
                                p.state(
                                        "a",
                                        r ->
                                            r.initial("a1")
                                                .state("a1", s -> s.on("A", "a2"))
                                                .state("a2"))
                                    .state(
                                        "b",
                                        r ->
                                            r.initial("b1")
                                                .state("b1", s -> s.on("B", "b2"))
                                                .state("b2")))
                        .on("HOLD", "held"))
            .state("held", s -> s.on("GO", "outer.resume"))
            .build();

    Run run = Run.start(machine).send("A").send("B").send("HOLD").send("GO");

    assertThat(run.value()).containsExactly("outer.work.a.a2", "outer.work.b.b2");
  }

  @Test
  void theRecordSurvivesARestoredSnapshotAndForgetsStatesADefinitionLacks() {
    MachineDefinition machine = editor(HistoryType.DEEP);
    Snapshot paused = Run.start(machine).send("SUBMIT").send("COMMENT").send("PAUSE").snapshot();

    Snapshot restored =
        Snapshot.restore(
            machine,
            paused.activeStates(),
            Context.empty(),
            List.of(),
            paused.lastEntryId(),
            InstanceStatus.ACTIVE,
            Map.of(
                "editing.resume",
                List.of("editing.review.commenting"),
                "gone.resume",
                List.of("gone.x")));

    assertThat(restored.history()).isEqualTo(paused.history());
    assertThat(Interpreter.transition(restored, Event.of("RESUME"), Run.T0).snapshot().value())
        .containsExactly("editing.review.commenting");
  }

  @Test
  void inPassesWhileTheStateIsActive() {
    MachineDefinition machine =
        Machine.define("door")
            .initial("closed")
            .state(
                "closed",
                s ->
                    s.initial("unlocked")
                        .state("unlocked", c -> c.on("LOCK", "locked"))
                        .state("locked")
                        .on("OPEN", t -> t.guard(Guard.in("closed.unlocked")).to("open")))
            .state("open")
            .build();

    assertThat(Run.start(machine).send("LOCK").send("OPEN").value())
        .containsExactly("closed.locked");
    assertThat(Run.start(machine).send("OPEN").value()).containsExactly("open");
  }
}
