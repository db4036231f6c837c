package dev.clockwork.core.interpreter;

import static dev.clockwork.core.interpreter.Run.log;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.clockwork.core.definition.Machine;
import dev.clockwork.core.definition.MachineDefinition;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** SCXML order of actions, eventless transitions, raise, done events and the depth limit. */
class RunToCompletionTest {

  @Test
  void exitInReverseDocumentOrderThenTransitionActionsThenEntryInDocumentOrder() {
    MachineDefinition m =
        Machine.define("m")
            .initial("a")
            .state(
                "a",
                a ->
                    a.initial("a1")
                        .entry(log("enter a"))
                        .exit(log("exit a"))
                        .state("a1", a1 -> a1.entry(log("enter a1")).exit(log("exit a1")))
                        .on("GO", t -> t.to("b").action(log("transition"))))
            .state(
                "b",
                b ->
                    b.initial("b1")
                        .entry(log("enter b"))
                        .state("b1", b1 -> b1.entry(log("enter b1"))))
            .build();
    Run run = Run.start(m).send("GO");
    assertThat(run.value()).containsExactly("b.b1");
    assertThat(run.log())
        .containsExactly(
            "enter a", "enter a1", "exit a1", "exit a", "transition", "enter b", "enter b1");
  }

  @Test
  void transitionToOwnChildDoesNotExitTheParent() {
    MachineDefinition m =
        Machine.define("m")
            .initial("p")
            .state(
                "p",
                p -> p.initial("x").entry(log("enter p")).state("x").state("y").on("TO_Y", "y"))
            .build();
    Run run = Run.start(m).send("TO_Y");
    assertThat(run.value()).containsExactly("p.y");
    assertThat(run.log()).containsExactly("enter p");
  }

  @Test
  void alwaysTransitionsRunUntilStable() {
    MachineDefinition m =
        Machine.define("m")
            .context(Map.of("n", 0))
            .initial("check")
            .state(
                "check",
                s ->
                    s.always(t -> t.to("big").guard(x -> x.context().getLong("n", 0) > 2))
                        .on("INC", t -> t.action(x -> x.set("n", x.context().getLong("n", 0) + 1))))
            .state("big")
            .build();
    Run run = Run.start(m);
    assertThat(run.send("INC").send("INC").value()).containsExactly("check");
    assertThat(run.send("INC").value()).containsExactly("big");
  }

  @Test
  void raisedEventsRunInTheSameMacrostepBeforeTheNextExternalEvent() {
    MachineDefinition m =
        Machine.define("m")
            .initial("a")
            .state("a", s -> s.on("GO", t -> t.to("b").action(x -> x.raise("NEXT"))))
            .state("b", s -> s.on("NEXT", "c"))
            .state("c")
            .build();
    Run run = Run.start(m).send("GO");
    assertThat(run.value()).containsExactly("c");
    assertThat(run.last().effects())
        .anySatisfy(
            e ->
                assertThat(e)
                    .isEqualTo(
                        new Effect.InternalEvent(dev.clockwork.core.event.Event.of("NEXT"))));
  }

  @Test
  void compoundDoneFiresWhenItsFinalStateIsEntered() {
    MachineDefinition m =
        Machine.define("m")
            .initial("checkout")
            .state(
                "checkout",
                c ->
                    c.initial("cart")
                        .state("cart", s -> s.on("CONFIRM", "confirmed"))
                        .finalState("confirmed")
                        .onDone("shipping"))
            .state("shipping")
            .build();
    assertThat(Run.start(m).send("CONFIRM").value()).containsExactly("shipping");
  }

  @Test
  void topLevelFinalStateCompletesTheInstance() {
    MachineDefinition m =
        Machine.define("m")
            .initial("a")
            .state("a", s -> s.on("END", "over"))
            .finalState("over")
            .build();
    Run run = Run.start(m).send("END");
    assertThat(run.snapshot().isDone()).isTrue();
    assertThat(run.last().effects()).contains(new Effect.InstanceDone("over"));
    Snapshot done = run.snapshot();
    assertThat(run.send("END").snapshot()).isSameAs(done);
  }

  @Test
  void alwaysLoopFailsWithTheStatesOfTheLoopNamed() {
    MachineDefinition m =
        Machine.define("loop")
            .maxTransitionDepth(10)
            .initial("idle")
            .state("idle", s -> s.on("START", "ping"))
            .state("ping", s -> s.always("pong"))
            .state("pong", s -> s.always("ping"))
            .build();
    Run run = Run.start(m);
    assertThatThrownBy(() -> run.send("START"))
        .isInstanceOf(MaxTransitionDepthExceededException.class)
        .hasMessageContaining("more than 10 transitions")
        .hasMessageContaining("loop.ping.always -> [pong]")
        .hasMessageContaining("loop.pong.always -> [ping]");
    assertThat(run.value()).containsExactly("idle");
  }

  @Test
  void selfLoopReentersButKeepsTheEntry() {
    MachineDefinition m =
        Machine.define("m")
            .initial("a")
            .state("a", s -> s.entry(log("enter a")).exit(log("exit a")).on("AGAIN", "a"))
            .build();
    Run run = Run.start(m);
    long entry = run.snapshot().activeStates().get(1).entryId();
    run.send("AGAIN");
    assertThat(run.log()).containsExactly("enter a", "exit a", "enter a");
    assertThat(run.snapshot().activeStates().get(1).entryId()).isEqualTo(entry);
  }
}
