package dev.clockwork.definition.xstate;

import dev.clockwork.core.behavior.Behaviors;
import dev.clockwork.core.definition.MachineDefinition;
import dev.clockwork.core.event.Event;
import dev.clockwork.core.event.TimerFire;
import dev.clockwork.core.interpreter.ArmedTimer;
import dev.clockwork.core.interpreter.Interpreter;
import dev.clockwork.core.interpreter.Snapshot;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Runs a corpus case through Clockwork's interpreter on a virtual clock and writes the trace the
 * way trace.mjs writes XState's: after start and each event, the sorted active leaves, the count,
 * the delays armed (ms left) and whether the machine is done. {@code wait:<ms>} fires every timer
 * due by then, in due order.
 */
final class XStateTrace {
  static final Instant T0 = Instant.parse("2026-03-02T00:00:00Z");

  /** The fixed behaviours of the corpus, implemented identically in trace.mjs. */
  static final Behaviors BEHAVIORS =
      Behaviors.builder()
          .guard("yes", scope -> true)
          .guard("never", scope -> false)
          .guard("countAtLeast2", scope -> count(scope.context().get("count")) >= 2)
          .action("inc", scope -> scope.set("count", count(scope.context().get("count")) + 1))
          .build();

  private XStateTrace() {}

  static List<String> run(MachineDefinition definition, List<String> events) {
    List<String> trace = new ArrayList<>();
    Instant now = T0;
    Snapshot snapshot = Interpreter.start(definition, Map.of(), now).snapshot();
    trace.add(line("start", snapshot, now));
    for (String event : events) {
      if (event.startsWith("wait:")) {
        Instant until = now.plus(Duration.ofMillis(Long.parseLong(event.substring(5))));
        for (Optional<ArmedTimer> due = due(snapshot, until);
            due.isPresent();
            due = due(snapshot, until)) {
          ArmedTimer t = due.get();
          now = t.due();
          TimerFire fire = new TimerFire(t.key(), t.entryId(), t.due());
          snapshot =
              Interpreter.transition(snapshot, Event.timerFire(t.event(), fire), now).snapshot();
        }
        now = until;
      } else {
        snapshot = Interpreter.transition(snapshot, Event.of(event), now).snapshot();
      }
      trace.add(line(event, snapshot, now));
    }
    return trace;
  }

  private static Optional<ArmedTimer> due(Snapshot snapshot, Instant until) {
    return snapshot.timers().stream()
        .filter(t -> !t.due().isAfter(until))
        .min(Comparator.comparing(ArmedTimer::due));
  }

  private static String line(String step, Snapshot snapshot, Instant now) {
    List<Long> delays = new ArrayList<>();
    for (ArmedTimer t : snapshot.timers()) {
      delays.add(Duration.between(now, t.due()).toMillis());
    }
    delays.sort(null);
    List<String> value = new ArrayList<>(snapshot.value());
    value.sort(null);
    String done = snapshot.isDone() ? " done" : "";
    return step
        + " -> ["
        + String.join(", ", value)
        + "] count="
        + count(snapshot.context().get("count"))
        + " delays="
        + delays
        + done;
  }

  private static int count(Object value) {
    return value == null ? 0 : ((Number) value).intValue();
  }
}
