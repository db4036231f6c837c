package dev.clockwork.definition;

import static dev.clockwork.definition.Observe.armed;
import static dev.clockwork.definition.Observe.context;
import static dev.clockwork.definition.Observe.due;
import static dev.clockwork.definition.Observe.states;

import java.util.List;

/**
 * The {@link FieldCase}s of a transition's and a branch's keys, each on the transition {@code a ->
 * GO} (or the timer {@code TICK}) of a small machine starting at {@link Drive#T0},
 * 2026-03-02T00:00:00Z.
 */
final class TransitionFieldCases {
  private TransitionFieldCases() {}

  private static String go(String transition) {
    return "id: m\ncontext: {remind_after: PT2H}\ninitial: a\nstates:\n  a:\n    on:\n      GO: "
        + transition
        + "\n      DONE: c\n  b: {}\n  c: {}\n";
  }

  private static FieldCase timer(String field, String transition, String key, Object due) {
    return new FieldCase(field, go(transition), "/states/a/on/GO/" + key, due("GO"), due);
  }

  static List<FieldCase> cases() {
    String at = "/states/a/on/GO/";
    return List.of(
        new FieldCase(
            "transition.target", go("{target: b}"), at + "target", states("GO"), List.of("b")),
        new FieldCase(
            "transition.guards",
            go("{target: b, guards: never}"),
            at + "guards",
            states("GO"),
            List.of("a")),
        new FieldCase(
            "transition.actions",
            go("{target: b, actions: count}"),
            at + "actions",
            context("count", "GO"),
            "1"),
        new FieldCase(
            "transition.branches",
            go("{branches: [{target: b, guards: never}, {target: c}]}"),
            at + "branches",
            states("GO"),
            List.of("c")),
        timer("transition.after", "{target: b, after: 1 hour}", "after", "2026-03-02T01:00:00Z"),
        new FieldCase(
            "transition.every",
            go("{actions: count, every: 6 hours}"),
            at + "every",
            due("GO", "fire:GO"),
            "2026-03-02T12:00:00Z"),
        timer(
            "transition.at",
            "{target: b, at: '2026-05-01T08:00:00Z'}",
            "at",
            "2026-05-01T08:00:00Z"),
        new FieldCase(
            "transition.cycle",
            go("{actions: count, cycle: R2/PT10S}"),
            at + "cycle",
            due("GO", "fire:GO"),
            "2026-03-02T00:00:20Z"),
        timer("transition.cron", "{target: b, cron: '0 9 * * *'}", "cron", "2026-03-02T09:00:00Z"),
        timer("transition.timer", "{target: b, timer: oneHour}", "timer", "2026-03-02T01:00:00Z"),
        timer(
            "transition.timerFromContext",
            "{target: b, timerFromContext: remind_after}",
            "timerFromContext",
            "2026-03-02T02:00:00Z"),
        new FieldCase(
            "transition.max",
            go("{actions: count, every: 1 hour, max: 1, then: DONE}"),
            at + "max",
            armed("fire:GO"),
            List.of("DONE")),
        new FieldCase(
            "transition.then",
            go("{actions: count, every: 1 hour, max: 1, then: DONE}"),
            at + "then",
            armed("fire:GO"),
            List.of("DONE")),
        timer(
            "transition.zone",
            "{target: b, cron: '0 9 * * *', zone: America/New_York}",
            "zone",
            "2026-03-02T14:00:00Z"),
        timer(
            "transition.dst",
            "{target: b, cron: '30 2 8 3 *', zone: America/New_York, dst: {gap: skip}}",
            "dst",
            "2027-03-08T07:30:00Z"),
        timer(
            "transition.dst.gap",
            "{target: b, cron: '30 2 8 3 *', zone: America/New_York, dst: {gap: skip}}",
            "dst/gap",
            "2027-03-08T07:30:00Z"),
        timer(
            "transition.dst.overlap",
            "{target: b, cron: '30 1 1 11 *', zone: America/New_York, dst: {overlap: last}}",
            "dst/overlap",
            "2026-11-01T06:30:00Z"),
        new FieldCase(
            "branch.target",
            go("[{target: b, guards: never}, {target: c}]"),
            at + "1/target",
            states("GO"),
            List.of("c")),
        new FieldCase(
            "branch.guards",
            go("[{target: b, guards: never}, {target: c}]"),
            at + "0/guards",
            states("GO"),
            List.of("c")),
        new FieldCase(
            "branch.actions",
            go("[{target: b, guards: never}, {target: c, actions: count}]"),
            at + "1/actions",
            context("count", "GO"),
            "1"));
  }
}
