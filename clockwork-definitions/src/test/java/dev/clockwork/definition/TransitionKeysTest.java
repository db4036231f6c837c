package dev.clockwork.definition;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** Each key of a transition and of a branch changes what the machine does. */
class TransitionKeysTest {
  static Drive machine(String transition) {
    return Drive.start(
        Drive.yaml(
            """
            id: m
            context: {paid: true}
            initial: a
            states:
              a:
                on:
                  GO: %s
                  RAISED: c
              b: {}
              c: {}
            """
                .formatted(transition)));
  }

  @Test
  void targetIsWhereTheTransitionGoes() {
    assertThat(machine("b").send("GO").value()).containsExactly("b");
    assertThat(machine("{target: c}").send("GO").value()).containsExactly("c");
  }

  @Test
  void severalTargetsEnterSeveralRegions() {
    Drive drive =
        Drive.start(
            Drive.yaml(
                """
                id: m
                initial: a
                states:
                  a: {on: {GO: {target: [p.left.l2, p.right.r2]}}}
                  p:
                    type: parallel
                    states:
                      left: {initial: l1, states: {l1: , l2: }}
                      right: {initial: r1, states: {r1: , r2: }}
                """));
    assertThat(drive.send("GO").value()).containsExactlyInAnyOrder("p.left.l2", "p.right.r2");
  }

  @Test
  void guardsMustAllPass() {
    assertThat(machine("{target: b, guards: isPaid}").send("GO").value()).containsExactly("b");
    assertThat(machine("{target: b, guards: [isPaid, never]}").send("GO").value())
        .containsExactly("a");
  }

  @Test
  void actionsRunInOrderAndATransitionWithoutTargetStays() {
    Drive drive = machine("{actions: [count, count, markPaid]}").send("GO");
    assertThat(drive.value()).containsExactly("a");
    assertThat(drive.context("count")).isEqualTo(2);
  }

  @Test
  void raiseIsABuiltInActionThatRaisesAnInternalEvent() {
    assertThat(machine("{actions: {raise: RAISED}}").send("GO").value()).containsExactly("c");
    assertThat(machine("{target: b, actions: [count, {raise: RAISED}]}").send("GO").value())
        .containsExactly("b");
  }

  @Test
  void branchesTakeTheFirstWhoseGuardsPass() {
    assertThat(
            machine("{branches: [{target: b, guards: never}, {target: c, guards: isPaid}]}")
                .send("GO")
                .value())
        .containsExactly("c");
  }

  @Test
  void aListIsBranchesAndEachBranchTakesTargetGuardsAndActions() {
    Drive drive = machine("[{target: b, guards: never}, {target: c, actions: count}]").send("GO");
    assertThat(drive.value()).containsExactly("c");
    assertThat(drive.context("count")).isEqualTo(1);
    assertThat(machine("[{guards: isPaid, actions: count}, {target: c}]").send("GO").value())
        .containsExactly("a");
  }
}
