package dev.clockwork.definition;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.clockwork.core.definition.ChildEvents;
import dev.clockwork.core.definition.MachineDefinition;
import dev.clockwork.core.event.Event;
import dev.clockwork.core.interpreter.Effect;
import dev.clockwork.core.interpreter.Interpreter;
import dev.clockwork.core.interpreter.StepResult;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Each key of a state changes what the machine does. */
class StateKeysTest {
  @Test
  void typeFinalEndsTheInstance() {
    Drive drive = Drive.start(Drive.yaml("id: m\ninitial: a\nstates:\n  a: {type: final}\n"));
    assertThat(drive.snapshot().isDone()).isTrue();
    assertThat(Drive.start(Drive.yaml("id: m\ninitial: a\nstates:\n  a: {}\n")).snapshot().isDone())
        .isFalse();
  }

  @Test
  void typeParallelMakesEveryChildAnActiveRegion() {
    Drive drive =
        Drive.start(
            Drive.yaml(
                """
                id: m
                initial: p
                states:
                  p:
                    type: parallel
                    states:
                      left: {initial: l1, states: {l1: }}
                      right: {initial: r1, states: {r1: }}
                """));
    assertThat(drive.value()).containsExactlyInAnyOrder("p.left.l1", "p.right.r1");
  }

  @Test
  void typeAtomicAndCompoundAreCheckedAgainstTheStatesKey() {
    assertThatThrownBy(
            () -> Drive.yaml("id: m\ninitial: a\nstates:\n  a: {type: atomic, states: {b: }}\n"))
        .hasMessageContaining("m.a")
        .hasMessageContaining("an atomic state has no child states");
    assertThatThrownBy(() -> Drive.yaml("id: m\ninitial: a\nstates:\n  a: {type: compound}\n"))
        .hasMessageContaining("a compound state needs child states");
    assertThatThrownBy(() -> Drive.yaml("id: m\ninitial: a\nstates:\n  a: {type: choice}\n"))
        .hasMessageStartingWith("test.yaml:4:")
        .hasMessageContaining(
            "unknown state type 'choice'; write one of atomic, compound, parallel, final, history");
  }

  @Test
  void initialAndStatesNestAtAnyDepth() {
    Drive drive =
        Drive.start(
            Drive.yaml(
                """
                id: m
                initial: outer
                states:
                  outer:
                    initial: second
                    states:
                      first: {}
                      second: {on: {NEXT: first}}
                """));
    assertThat(drive.value()).containsExactly("outer.second");
    assertThat(drive.send("NEXT").value()).containsExactly("outer.first");
  }

  @Test
  void entryAndExitRunTheirActions() {
    Drive drive =
        Drive.start(
            Drive.yaml(
                """
                id: m
                initial: a
                states:
                  a: {entry: [count, count], exit: countExit, on: {NEXT: b}}
                  b: {}
                """));
    assertThat(drive.context("count")).isEqualTo(2);
    assertThat(drive.context("exits")).isNull();
    assertThat(drive.send("NEXT").context("exits")).isEqualTo(1);
  }

  @Test
  void alwaysIsTakenAsSoonAsItsGuardsPass() {
    String machine =
        """
        id: m
        context: {paid: %s}
        initial: a
        states:
          a: {always: {target: b, guards: isPaid}}
          b: {}
        """;
    assertThat(Drive.start(Drive.yaml(machine.formatted("true"))).value()).containsExactly("b");
    assertThat(Drive.start(Drive.yaml(machine.formatted("false"))).value()).containsExactly("a");
  }

  @Test
  void onDoneIsTakenWhenACompoundStateReachesItsFinalChild() {
    Drive drive =
        Drive.start(
            Drive.yaml(
                """
                id: m
                initial: work
                states:
                  work:
                    initial: busy
                    onDone: finished
                    states:
                      busy: {on: {FINISH: over}}
                      over: {type: final}
                  finished: {}
                """));
    assertThat(drive.send("FINISH").value()).containsExactly("finished");
  }

  @Test
  void onFailRoutesAParallelStatesFailure() {
    String machine =
        """
        id: m
        initial: p
        states:
          p:
            type: %s
            onFail: failed
            states:
              r: {initial: r1, states: {r1: }}
          failed: {}
        """;
    MachineDefinition parallel = Drive.yaml(machine.formatted("parallel"));
    assertThat(parallel.state("p").transitions()).hasSize(1);
    assertThatThrownBy(() -> Drive.yaml(machine.formatted("compound\n    initial: r")))
        .hasMessageContaining("m.p.onFail")
        .hasMessageContaining("only a parallel state fails this way");
  }

  @Test
  void invokeRunsAChildMachineAndOnRoutesItsOutcomeAndDeadline() {
    MachineDefinition parent =
        Drive.yaml(
            """
            id: m
            initial: paying
            states:
              paying:
                invoke: payment
                on:
                  '@done': completed
                  '@fail': failed
                  '@timeout': {target: timed_out, after: 5 minutes}
              completed: {}
              failed: {}
              timed_out: {}
            """);
    Drive drive = Drive.start(parent);
    Effect.ChildStarted started =
        drive.last().effects().stream()
            .filter(Effect.ChildStarted.class::isInstance)
            .map(Effect.ChildStarted.class::cast)
            .findFirst()
            .orElseThrow();
    assertThat(started.machine()).isEqualTo("payment");
    assertThat(drive.timer("@timeout").due()).isEqualTo(Drive.T0.plus(Duration.ofMinutes(5)));
    Event done =
        Event.of(
            ChildEvents.DONE,
            Map.of(
                ChildEvents.PARENT_STATE, started.statePath(),
                ChildEvents.PARENT_ENTRY, started.entryId()));
    StepResult completed = Interpreter.transition(drive.snapshot(), done, Drive.T0);
    assertThat(completed.snapshot().value()).containsExactly("completed");
    assertThat(Drive.start(parent).fire("@timeout").value()).containsExactly("timed_out");
  }

  @Test
  void inputIsWhatTheChildStartsWithConstantsOrFromTheContext() {
    MachineDefinition parent =
        Drive.yaml(
            """
            id: m
            initial: paying
            context: {order: {id: o-7, total: 30}, secret: s}
            states:
              paying:
                invoke: payment
                input: {orderId: {fromContext: order.id}, kind: express, none: {fromContext: x}}
                on: {'@done': completed}
              completed: {}
            """);
    Effect.ChildStarted started =
        Drive.start(parent).last().effects().stream()
            .filter(Effect.ChildStarted.class::isInstance)
            .map(Effect.ChildStarted.class::cast)
            .findFirst()
            .orElseThrow();
    assertThat(started.input()).isEqualTo(Map.of("orderId", "o-7", "kind", "express"));
    assertThatThrownBy(
            () ->
                Drive.yaml(
                    "id: m\ninitial: a\nstates:\n  a: {input: {k: 1}, on: {GO: b}}\n  b: {}\n"))
        .hasMessageStartingWith("test.yaml:4:")
        .hasMessageContaining("m.a.input")
        .hasMessageContaining("add 'invoke: <machine>'");
  }
}
