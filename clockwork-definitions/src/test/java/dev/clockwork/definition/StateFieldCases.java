package dev.clockwork.definition;

import static dev.clockwork.definition.Observe.children;
import static dev.clockwork.definition.Observe.context;
import static dev.clockwork.definition.Observe.states;

import java.util.List;

/** The {@link FieldCase}s of a state's keys, each on state {@code a} of a small machine. */
final class StateFieldCases {
  private StateFieldCases() {}

  /** A machine whose first state {@code a} is written {@code a}. */
  private static String machine(String a) {
    return "id: m\ncontext: {k: 1}\ninitial: a\nstates:\n  a: " + a + "\n  b: {}\n  c: {}\n";
  }

  static List<FieldCase> cases() {
    return List.of(
        new FieldCase(
            "state.type",
            machine("{type: final}"),
            "/states/a/type",
            m -> Observe.drive(m).snapshot().isDone(),
            true),
        new FieldCase(
            "state.initial",
            machine("{initial: y, states: {x: {}, y: {}}}"),
            "/states/a/initial",
            states(),
            List.of("a.y")),
        new FieldCase(
            "state.states",
            machine("{initial: x, states: {x: {}}}"),
            "/states/a/states",
            states(),
            List.of("a.x")),
        new FieldCase(
            "state.entry", machine("{entry: count}"), "/states/a/entry", context("count"), "1"),
        new FieldCase(
            "state.exit",
            machine("{exit: countExit, on: {GO: b}}"),
            "/states/a/exit",
            context("exits", "GO"),
            "1"),
        new FieldCase(
            "state.on", machine("{on: {GO: b}}"), "/states/a/on", states("GO"), List.of("b")),
        new FieldCase(
            "state.always", machine("{always: b}"), "/states/a/always", states(), List.of("b")),
        new FieldCase(
            "state.onDone",
            machine("{initial: f, onDone: c, states: {f: {type: final}}}"),
            "/states/a/onDone",
            states(),
            List.of("c")),
        new FieldCase(
            "state.onFail",
            machine(
                "{type: parallel, onFail: c, states: {l: {initial: x, states: {x: {}}}, r: {initial: y, states: {y: {}}}}}"),
            "/states/a/onFail",
            states("fail.state.a"),
            List.of("c")),
        new FieldCase(
            "state.invoke",
            machine("{invoke: payment}"),
            "/states/a/invoke",
            children(),
            List.of("payment {k=1}")),
        new FieldCase(
            "state.input",
            machine("{invoke: payment, input: {kind: express, k: {fromContext: k}}}"),
            "/states/a/input",
            children(),
            List.of("payment {kind=express, k=1}")));
  }
}
