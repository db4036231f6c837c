package dev.clockwork.runtime.internal;

import dev.clockwork.core.event.Event;
import dev.clockwork.runtime.instance.NamespacedIds;
import dev.clockwork.runtime.listener.EngineListener;
import dev.clockwork.runtime.listener.ProcessedEvent;
import dev.clockwork.runtime.listener.ProcessedEvent.Outcome;
import dev.clockwork.runtime.queue.QueuedEvent;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * What a turn did to each event and fire, told to the listeners once its commit is written (and
 * only then: a refused commit did nothing).
 */
final class TurnReports {
  private final Turn turn;
  private final List<Report> reports = new ArrayList<>(4);
  private List<String> states;
  private boolean created;
  private Event origin;

  TurnReports(Turn turn) {
    this.turn = turn;
    this.states = turn.record().leafPaths();
  }

  /** This turn created its instance, started by {@code origin} (null: by nothing in particular). */
  TurnReports created(Event startedBy) {
    this.created = true;
    this.origin = startedBy;
    return this;
  }

  /** The states before this report's event, and after it: where the turn stands now. */
  private List<List<String>> moved() {
    List<String> before = states;
    states = turn.record().leafPaths();
    return List.of(before, states);
  }

  private record Report(
      long eventId,
      String type,
      String source,
      int attempt,
      Outcome outcome,
      Instant readyAt,
      Instant startedAt,
      Duration took,
      String error,
      Map<String, String> headers,
      List<List<String>> states) {}

  void add(Agenda.Item item, Outcome outcome, Instant startedAt, long startedNanos, Throwable e) {
    Duration took = Duration.ofNanos(System.nanoTime() - startedNanos);
    String error = e == null ? null : e.getClass().getSimpleName() + ": " + e.getMessage();
    if (item instanceof Agenda.Queued queued) {
      QueuedEvent event = queued.event();
      reports.add(
          new Report(
              event.id(),
              event.event().type(),
              event.source(),
              event.attempts() + 1,
              outcome,
              event.availableAt(),
              startedAt,
              took,
              error,
              event.headers(),
              moved()));
    } else {
      Agenda.Fire fire = (Agenda.Fire) item;
      reports.add(
          new Report(
              0,
              fire.event().type(),
              "timer",
              fire.attempt(),
              outcome,
              fire.timer().due(),
              startedAt,
              took,
              error,
              Map.of(),
              moved()));
    }
  }

  /** A direct send that was applied. */
  void sent(Event event, Instant startedAt, long startedNanos) {
    reports.add(
        new Report(
            0,
            event.type(),
            "send",
            1,
            Outcome.APPLIED,
            startedAt,
            startedAt,
            Duration.ofNanos(System.nanoTime() - startedNanos),
            null,
            Map.of(),
            moved()));
  }

  /** Tells {@code listener} about every event, now that the commit is written. */
  void tell(EngineListener listener, Instant committedAt) {
    String namespace = NamespacedIds.namespaceOf(turn.id());
    String id = NamespacedIds.idOf(turn.id());
    String machine = turn.record().machine();
    if (created) {
      listener.instanceCreated(namespace, id, machine, origin, committedAt);
    }
    for (Report r : reports) {
      listener.eventProcessed(
          new ProcessedEvent(
              namespace,
              id,
              machine,
              r.eventId,
              r.type,
              r.source,
              r.attempt,
              r.outcome,
              r.readyAt,
              r.startedAt,
              r.took,
              committedAt,
              r.error,
              r.headers,
              r.states.get(0),
              r.states.get(1)));
    }
  }
}
