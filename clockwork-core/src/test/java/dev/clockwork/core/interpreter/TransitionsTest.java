package dev.clockwork.core.interpreter;

import static dev.clockwork.core.interpreter.Run.log;
import static org.assertj.core.api.Assertions.assertThat;

import dev.clockwork.core.behavior.Behaviors;
import dev.clockwork.core.definition.Machine;
import dev.clockwork.core.definition.MachineDefinition;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Targets, guards, branches, targetless transitions and named behaviours. */
class TransitionsTest {

  @Test
  void eventMovesToTarget() {
    MachineDefinition toggle =
        Machine.define("toggle")
            .initial("off")
            .state("off", s -> s.on("TOGGLE", "on"))
            .state("on", s -> s.on("TOGGLE", "off"))
            .build();
    Run run = Run.start(toggle);
    assertThat(run.value()).containsExactly("off");
    assertThat(run.send("TOGGLE").value()).containsExactly("on");
    assertThat(run.send("TOGGLE").value()).containsExactly("off");
  }

  @Test
  void unknownEventIsNotHandledAndChangesNothing() {
    MachineDefinition m =
        Machine.define("m").initial("a").state("a", s -> s.on("GO", "b")).state("b").build();
    Run run = Run.start(m);
    Snapshot before = run.snapshot();
    run.send("NOPE");
    assertThat(run.last().handled()).isFalse();
    assertThat(run.snapshot()).isSameAs(before);
  }

  @Test
  void everyGuardMustPass() {
    MachineDefinition m =
        Machine.define("m")
            .context(Map.of("a", true, "b", false))
            .initial("idle")
            .state(
                "idle",
                s ->
                    s.on(
                        "GO",
                        t ->
                            t.to("done")
                                .guard(x -> x.context().getBoolean("a"))
                                .guard(x -> x.context().getBoolean("b"))))
            .state("done")
            .build();
    Run run = Run.start(m).send("GO");
    assertThat(run.value()).containsExactly("idle");
    assertThat(run.last().handled()).isFalse();
  }

  @Test
  void firstBranchWhoseGuardsPassWins() {
    MachineDefinition m =
        Machine.define("m")
            .context(Map.of("paid", false))
            .initial("waiting")
            .state(
                "waiting",
                s ->
                    s.on(
                        "ORDER_EXPIRED",
                        t ->
                            t.branch(
                                    b ->
                                        b.to("cancelled")
                                            .guard(x -> !x.context().getBoolean("paid")))
                                .branch(b -> b.to("late_payment"))))
            .state("cancelled")
            .state("late_payment")
            .build();
    assertThat(Run.start(m).send("ORDER_EXPIRED").value()).containsExactly("cancelled");
  }

  @Test
  void fallsThroughToLaterBranchWhenEarlierGuardFails() {
    MachineDefinition m =
        Machine.define("m")
            .context(Map.of("paid", true))
            .initial("waiting")
            .state(
                "waiting",
                s ->
                    s.on(
                        "ORDER_EXPIRED",
                        t ->
                            t.branch(
                                    b ->
                                        b.to("cancelled")
                                            .guard(x -> !x.context().getBoolean("paid")))
                                .branch(b -> b.to("late_payment"))))
            .state("cancelled")
            .state("late_payment")
            .build();
    assertThat(Run.start(m).send("ORDER_EXPIRED").value()).containsExactly("late_payment");
  }

  @Test
  void targetlessTransitionRunsActionsAndStays() {
    MachineDefinition m =
        Machine.define("m")
            .initial("active")
            .state(
                "active",
                s -> s.entry(log("entry")).exit(log("exit")).on("PING", t -> t.action(log("ping"))))
            .build();
    Run run = Run.start(m).send("PING").send("PING");
    assertThat(run.value()).containsExactly("active");
    assertThat(run.log()).containsExactly("entry", "ping", "ping");
  }

  @Test
  void namedBehavioursResolveFromTheRegistry() {
    Behaviors behaviors =
        Behaviors.builder()
            .guard("isNotPaidGuard", x -> !x.context().getBoolean("paid"))
            .action("markCancelled", x -> x.set("cancelled", true))
            .build();
    MachineDefinition m =
        Machine.define("m")
            .behaviors(behaviors)
            .initial("waiting")
            .state(
                "waiting",
                s ->
                    s.on(
                        "EXPIRE",
                        t -> t.to("cancelled").guard("isNotPaidGuard").action("markCancelled")))
            .state("cancelled")
            .build();
    Run run = Run.start(m).send("EXPIRE");
    assertThat(run.value()).containsExactly("cancelled");
    assertThat(run.snapshot().context().getBoolean("cancelled")).isTrue();
  }

  @Test
  void guardsSeeTheEventPayload() {
    MachineDefinition m =
        Machine.define("m")
            .initial("a")
            .state(
                "a",
                s ->
                    s.on(
                        "PAY",
                        t ->
                            t.to("b")
                                .guard(
                                    x ->
                                        ((Number) x.event().payload().get("amount")).intValue()
                                            > 0)))
            .state("b")
            .build();
    StepResult zero =
        Interpreter.transition(
            Run.start(m).snapshot(),
            dev.clockwork.core.event.Event.of("PAY", Map.of("amount", 0)),
            Run.T0);
    assertThat(zero.snapshot().value()).containsExactly("a");
    StepResult ten =
        Interpreter.transition(
            Run.start(m).snapshot(),
            dev.clockwork.core.event.Event.of("PAY", Map.of("amount", 10)),
            Run.T0);
    assertThat(ten.snapshot().value()).containsExactly("b");
  }

  @Test
  void replyReachesTheCaller() {
    MachineDefinition m =
        Machine.define("m")
            .initial("a")
            .state("a", s -> s.on("ASK", t -> t.action(x -> x.reply(Map.of("answer", 42)))))
            .build();
    assertThat(Run.start(m).send("ASK").last().reply()).contains(Map.of("answer", 42));
  }

  @Test
  void snapshotsAreImmutable() {
    MachineDefinition m =
        Machine.define("m")
            .initial("a")
            .state("a", s -> s.on("SET", t -> t.action(x -> x.set("n", 1))))
            .build();
    Run run = Run.start(m);
    Snapshot before = run.snapshot();
    run.send("SET");
    assertThat(before.context().has("n")).isFalse();
    assertThat(run.snapshot().context().getLong("n", 0)).isEqualTo(1);
  }
}
