package dev.clockwork.definition;

import static dev.clockwork.definition.Observe.context;
import static dev.clockwork.definition.Observe.states;

import java.util.List;

/**
 * The {@link FieldCase}s of a history state's keys and of the {@code {in: …}} guard: state {@code
 * e} holds {@code x}, {@code y} (with {@code y1} and {@code y2}) and the history {@code h}; PAUSE
 * leaves it for {@code p}, BACK returns through {@code h}.
 */
final class HistoryFieldCases {
  private HistoryFieldCases() {}

  private static String machine(String initial, String history) {
    return """
        id: m
        initial: %s
        states:
          e:
            initial: x
            on: {PAUSE: p}
            states:
              x: {on: {NEXT: y}}
              y: {initial: y1, states: {y1: {on: {N2: y2}}, y2: {}}}
              h: %s
          p: {on: {BACK: e.h}}
        """
        .formatted(initial, history);
  }

  static List<FieldCase> cases() {
    return List.of(
        new FieldCase(
            "history.type",
            machine("e", "{type: history}"),
            "/states/e/states/h/type",
            states("NEXT", "PAUSE", "BACK"),
            List.of("e.y.y1")),
        new FieldCase(
            "history.history",
            machine("e", "{type: history, history: deep}"),
            "/states/e/states/h/history",
            states("NEXT", "N2", "PAUSE", "BACK"),
            List.of("e.y.y2")),
        new FieldCase(
            "history.target",
            machine("p", "{type: history, target: y}"),
            "/states/e/states/h/target",
            states("BACK"),
            List.of("e.y.y1")),
        new FieldCase(
            "history.actions",
            machine("p", "{type: history, target: y, actions: count}"),
            "/states/e/states/h/actions",
            context("count", "BACK"),
            "1"),
        new FieldCase(
            "guard.in",
            "id: m\ninitial: a\nstates:\n  a: {on: {GO: {target: b, guards: [{in: c}]}}}\n"
                + "  b: {}\n  c: {}\n",
            "/states/a/on/GO/guards/0",
            states("GO"),
            List.of("a")));
  }
}
