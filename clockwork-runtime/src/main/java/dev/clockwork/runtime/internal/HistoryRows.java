package dev.clockwork.runtime.internal;

import dev.clockwork.core.event.Event;
import dev.clockwork.core.interpreter.Delivery;
import dev.clockwork.core.interpreter.Effect;
import dev.clockwork.core.interpreter.StepResult;
import dev.clockwork.runtime.store.HistoryEntry;
import dev.clockwork.runtime.store.HistoryEntry.Kind;
import dev.clockwork.runtime.store.InstanceRecord;
import dev.clockwork.runtime.store.StoredEntry;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Turns one macrostep into the history rows that record it, numbered after the last one. The first
 * row of a step names the queued event and attempt it is about, and the states the step entered.
 */
public final class HistoryRows {
  private final String instanceId;
  private final String conversationId;
  private final Instant at;
  private final List<String> states;
  private final List<HistoryEntry> rows = new ArrayList<>(4);
  private long sequence;
  private long eventId;
  private int attempt;
  private List<StoredEntry> entered = List.of();

  private HistoryRows(
      String instanceId,
      String conversationId,
      long lastSequence,
      Instant at,
      List<String> states) {
    this.instanceId = instanceId;
    this.conversationId = conversationId;
    this.sequence = lastSequence;
    this.at = at;
    this.states = states;
  }

  /** Rows for an instance's creation, after an origin row when something started it. */
  public static List<HistoryEntry> created(
      String id, String conversationId, StepResult result, Event origin, Instant at) {
    HistoryRows rows = new HistoryRows(id, conversationId, 0, at, result.snapshot().value());
    rows.entered = entered(result);
    if (origin != null) {
      rows.add(Kind.ORIGIN, origin.type(), origin.payload(), "");
    }
    rows.add(Kind.CREATED, "@init", Map.of(), "");
    rows.effects(result);
    return rows.rows;
  }

  /** Rows for one event processed by the instance stored as {@code before}. */
  public static List<HistoryEntry> step(
      InstanceRecord before, Event event, StepResult result, Instant at, Delivery delivery) {
    HistoryRows rows =
        new HistoryRows(
            before.id(),
            before.conversationId(),
            before.historySequence(),
            at,
            result.snapshot().value());
    rows.eventId = delivery.eventId();
    rows.attempt = delivery.attempt();
    rows.entered = entered(result);
    boolean dropped =
        result.effects().stream()
            .anyMatch(e -> e instanceof Effect.TimerDropped || e instanceof Effect.EventDropped);
    if (!event.isTimerFire() && !dropped) {
      rows.add(result.handled() ? Kind.EVENT : Kind.UNHANDLED, event.type(), event.payload(), "");
    } else if (!dropped && !result.handled()) {
      rows.add(Kind.UNHANDLED, event.type(), Map.of(), event.timer().key());
    }
    rows.effects(result);
    return rows.rows;
  }

  /**
   * The row recording that an attempt at {@code event} failed: {@code kind} says what became of it
   * ({@link Kind#ATTEMPT_FAILED}, {@link Kind#FAILED} or {@link Kind#DISCARDED}); the instance
   * stays {@code as}.
   */
  public static HistoryEntry failure(
      InstanceRecord as, Kind kind, Event event, Throwable error, Instant at, Delivery delivery) {
    return new HistoryEntry(
        as.historySequence() + 1,
        as.id(),
        as.conversationId(),
        at,
        kind,
        event.type(),
        event.isTimerFire() ? fire(event) : event.payload(),
        as.leafPaths(),
        error.getClass().getSimpleName() + ": " + error.getMessage(),
        delivery.eventId(),
        delivery.attempt(),
        List.of());
  }

  private static Map<String, Object> fire(Event event) {
    return Map.of("timer", event.timer().key(), "due", event.timer().due().toString());
  }

  private static List<StoredEntry> entered(StepResult result) {
    List<StoredEntry> entered = new ArrayList<>(0);
    for (Effect effect : result.effects()) {
      if (effect instanceof Effect.StateEntered state && !state.path().isEmpty()) {
        entered.add(new StoredEntry(state.path(), state.entryId(), state.at()));
      }
    }
    return entered;
  }

  private void effects(StepResult result) {
    for (Effect effect : result.effects()) {
      if (effect instanceof Effect.TimerFired fired) {
        add(
            Kind.TIMER_FIRED,
            fired.timer().event(),
            Map.of("due", fired.timer().due().toString()),
            fired.timer().id());
      } else if (effect instanceof Effect.TimerSkipped skipped) {
        add(
            Kind.TIMER_SKIPPED,
            skipped.timer().event(),
            Map.of(
                "missed",
                skipped.missed().stream().map(Instant::toString).toList(),
                "count",
                skipped.count()),
            skipped.timer().id());
      } else if (effect instanceof Effect.TimerDropped dropped) {
        add(Kind.TIMER_DROPPED, dropped.event(), Map.of(), dropped.reason());
      } else if (effect instanceof Effect.InternalEvent internal) {
        add(Kind.INTERNAL, internal.event().type(), internal.event().payload(), "");
      } else if (effect instanceof Effect.InstanceDone done) {
        add(Kind.DONE, done.finalState(), Map.of(), "");
      } else if (effect instanceof Effect.EventDropped dropped) {
        add(Kind.DROPPED, dropped.event().type(), dropped.event().payload(), dropped.reason());
      } else if (effect instanceof Effect.InstanceCancelled) {
        add(Kind.CANCELLED, "@cancel", Map.of(), "");
      } else if (effect instanceof Effect.ChildStarted started) {
        add(
            Kind.CHILD_STARTED,
            started.machine(),
            Map.of(),
            started.statePath() + "#" + started.entryId());
      }
    }
  }

  /** Adds a row; the first row of the step carries the delivery and the states it entered. */
  private void add(Kind kind, String event, Map<String, Object> payload, String detail) {
    boolean first = rows.isEmpty();
    rows.add(
        new HistoryEntry(
            ++sequence,
            instanceId,
            conversationId,
            at,
            kind,
            event,
            payload,
            states,
            detail,
            first ? eventId : 0,
            first ? attempt : 0,
            first ? entered : List.of()));
  }

  /** The sequence number of the last row of a list, or {@code fallback} when it is empty. */
  public static long lastSequence(List<HistoryEntry> rows, long fallback) {
    return rows.isEmpty() ? fallback : rows.get(rows.size() - 1).sequence();
  }
}
