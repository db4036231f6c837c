package dev.clockwork.definition;

import static dev.clockwork.definition.Observe.children;
import static dev.clockwork.definition.Observe.context;
import static dev.clockwork.definition.Observe.due;
import static dev.clockwork.definition.Observe.states;

import java.util.List;

/** The {@link FieldCase}s of the machine's own keys (the root of a file). */
final class MachineFieldCases {
  private MachineFieldCases() {}

  private static final String TWO = "initial: a\nstates:\n  a: {on: {NEXT: b}}\n  b: {}\n";

  static List<FieldCase> cases() {
    return List.of(
        new FieldCase("machine.id", "id: invoice\n" + TWO, "/id", m -> m.id(), "invoice"),
        new FieldCase(
            "machine.version", "id: m\nversion: 3\n" + TWO, "/version", m -> m.version(), 3),
        new FieldCase(
            "machine.zone",
            "id: m\nzone: Europe/Berlin\ninitial: a\nstates:\n  a: {on: {WAKE: {target: a, cron: '0 9 * * *'}}}\n",
            "/zone",
            due("WAKE"),
            "2026-03-02T08:00:00Z"),
        new FieldCase(
            "machine.context",
            "id: m\ncontext: {paid: true}\n" + TWO,
            "/context",
            context("paid"),
            "true"),
        new FieldCase(
            "machine.maxTransitionDepth",
            "id: m\nmaxTransitionDepth: 2\ninitial: a\nstates:\n  a: {always: b}\n  b: {always: c}\n  c: {always: d}\n  d: {}\n",
            "/maxTransitionDepth",
            states(),
            "error: MaxTransitionDepthExceededException"),
        new FieldCase(
            "machine.startOn",
            "id: m\nstartOn: '0 9 * * MON-FRI'\n" + TWO,
            "/startOn",
            m -> m.startTimers().stream().map(t -> t.text()).toList(),
            List.of("0 9 * * MON-FRI")),
        new FieldCase(
            "machine.requires",
            "id: m\nrequires: [code:m.validate]\n" + TWO,
            "/requires",
            states(),
            "error: DefinitionFormatException"),
        new FieldCase(
            "machine.initial",
            "id: m\n" + TWO.replace("initial: a", "initial: b"),
            "/initial",
            states(),
            List.of("b")),
        new FieldCase(
            "machine.states",
            "id: m\ninitial: a\nstates:\n  a: {}\n",
            "/states",
            states(),
            List.of("a")),
        new FieldCase(
            "machine.entry", "id: m\nentry: count\n" + TWO, "/entry", context("count"), "1"),
        // The core runs no exit action of the machine itself (an instance ends without leaving
        // its root), so the case sees the action in the definition read back.
        new FieldCase(
            "machine.exit",
            "id: m\nexit: countExit\n" + TWO,
            "/exit",
            m -> m.root().exitActionName(0),
            "countExit"),
        new FieldCase(
            "machine.on",
            "id: m\non: {RESET: a}\n" + TWO,
            "/on",
            states("NEXT", "RESET"),
            List.of("a")),
        new FieldCase(
            "machine.always",
            "id: m\ncontext: {paid: false}\nalways: {target: b, guards: isNotPaid, actions: markPaid}\n"
                + TWO,
            "/always",
            states(),
            List.of("b")),
        // The machine's own done event comes when the instance ends, so nothing can take it: the
        // case sees the transition in the definition read back.
        new FieldCase(
            "machine.onDone",
            "id: m\nonDone: {actions: count}\n" + TWO,
            "/onDone",
            m -> m.root().transitions().keySet(),
            java.util.Set.of("done.state.")),
        new FieldCase(
            "machine.onFail",
            "id: m\nonFail: a\n" + TWO,
            "/onFail",
            states(),
            "error: DefinitionFormatException"),
        new FieldCase(
            "machine.invoke",
            "id: m\ninvoke: payment\n" + TWO,
            "/invoke",
            children(),
            List.of("payment {}")),
        new FieldCase(
            "machine.input",
            "id: m\ncontext: {k: 1}\ninvoke: payment\ninput: {kind: express}\n" + TWO,
            "/input",
            children(),
            List.of("payment {kind=express}")));
  }
}
