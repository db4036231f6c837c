package dev.clockwork.runtime.internal;

import dev.clockwork.core.event.Event;
import dev.clockwork.core.interpreter.Effect;
import dev.clockwork.core.interpreter.StepResult;
import dev.clockwork.runtime.store.HistoryEntry;
import dev.clockwork.runtime.store.HistoryEntry.Kind;
import dev.clockwork.runtime.store.InstanceRecord;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** Turns one macrostep into the history rows that record it, numbered after the last one. */
public final class HistoryRows {
  private final String instanceId;
  private final String conversationId;
  private final Instant at;
  private final List<String> states;
  private final List<HistoryEntry> rows = new ArrayList<>(4);
  private long sequence;

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
    if (origin != null) {
      rows.add(Kind.ORIGIN, origin.type(), origin.payload(), "");
    }
    rows.add(Kind.CREATED, "@init", Map.of(), "");
    rows.effects(result);
    return rows.rows;
  }

  /** Rows for one external event processed by the instance stored as {@code before}. */
  public static List<HistoryEntry> step(
      InstanceRecord before, Event event, StepResult result, Instant at) {
    HistoryRows rows =
        new HistoryRows(
            before.id(),
            before.conversationId(),
            before.historySequence(),
            at,
            result.snapshot().value());
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

  /** The row recording that processing {@code event} failed; the instance stays {@code as}. */
  public static HistoryEntry failed(InstanceRecord as, Event event, Throwable error, Instant at) {
    return new HistoryEntry(
        as.historySequence() + 1,
        as.id(),
        as.conversationId(),
        at,
        Kind.FAILED,
        event.type(),
        event.payload(),
        as.leafPaths(),
        error.getClass().getSimpleName() + ": " + error.getMessage());
  }

  private void effects(StepResult result) {
    for (Effect effect : result.effects()) {
      if (effect instanceof Effect.TimerFired fired) {
        add(Kind.TIMER_FIRED, fired.timer().event(), Map.of(), fired.timer().id());
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

  private void add(Kind kind, String event, Map<String, Object> payload, String detail) {
    rows.add(
        new HistoryEntry(
            ++sequence, instanceId, conversationId, at, kind, event, payload, states, detail));
  }

  /** The sequence number of the last row of a list, or {@code fallback} when it is empty. */
  public static long lastSequence(List<HistoryEntry> rows, long fallback) {
    return rows.isEmpty() ? fallback : rows.get(rows.size() - 1).sequence();
  }
}
