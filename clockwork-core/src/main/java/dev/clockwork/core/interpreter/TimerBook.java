package dev.clockwork.core.interpreter;

import dev.clockwork.core.InvalidDefinitionException;
import dev.clockwork.core.context.Context;
import dev.clockwork.core.definition.TimerDef;
import dev.clockwork.core.definition.TransitionDef;
import dev.clockwork.core.time.Durations;
import dev.clockwork.core.time.TimeSpec;
import dev.clockwork.core.time.TimeSpecs;
import dev.clockwork.core.time.Timer;
import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/**
 * The armed timers of an instance during a macrostep: armed on state entry, cancelled on exit,
 * advanced on each fire. Copies the snapshot's timers only when one of them changes.
 */
final class TimerBook {
  private final ArmedTimer[] original;
  private List<ArmedTimer> changed;

  TimerBook(ArmedTimer[] original) {
    this.original = original;
  }

  int size() {
    return changed != null ? changed.size() : original.length;
  }

  ArmedTimer get(int i) {
    return changed != null ? changed.get(i) : original[i];
  }

  int indexOf(String key, long entryId) {
    for (int i = 0, n = size(); i < n; i++) {
      ArmedTimer timer = get(i);
      if (timer.entryId() == entryId && timer.key().equals(key)) {
        return i;
      }
    }
    return -1;
  }

  void add(ArmedTimer timer) {
    mutable().add(timer);
  }

  void set(int i, ArmedTimer timer) {
    mutable().set(i, timer);
  }

  ArmedTimer remove(int i) {
    return mutable().remove(i);
  }

  /**
   * Removes and returns the timers armed by a state entry, failed ones included (a failed timer may
   * outlive its definition after a version upgrade, so the state's current timers do not say
   * whether the entry armed any).
   */
  List<ArmedTimer> cancel(long entryId) {
    List<ArmedTimer> cancelled = List.of();
    for (int i = size() - 1; i >= 0; i--) {
      ArmedTimer timer = get(i);
      if (timer.entryId() == entryId) {
        if (cancelled.isEmpty()) {
          cancelled = new ArrayList<>(2);
        }
        cancelled.add(0, remove(i));
      }
    }
    return cancelled;
  }

  /**
   * Arms the timer of {@code transition} for a state entered at {@code enteredAt}; empty when its
   * spec never fires.
   */
  static Optional<ArmedTimer> arm(
      TransitionDef transition, long entryId, Instant enteredAt, Context context) {
    TimerDef def = transition.timer();
    String value = null;
    TimeSpec spec;
    if (def.isComputed()) {
      try {
        value = canonical(def, context);
        spec = TimeSpecs.fromValue(value, def.zone());
      } catch (InvalidDefinitionException e) {
        throw e.at(transition.path());
      }
    } else {
      spec = def.spec();
    }
    String kept = value;
    return spec.firstDue(enteredAt)
        .map(
            due -> new ArmedTimer(def.key(), def.event(), entryId, enteredAt, due, 0, false, kept));
  }

  /** The spec an armed timer follows: the static one, or its computed value re-read. */
  static TimeSpec specOf(TimerDef def, ArmedTimer armed) {
    return armed.value() == null ? def.spec() : TimeSpecs.fromValue(armed.value(), def.zone());
  }

  /**
   * Computed values are kept as ISO text, so the snapshot stays JSON and replays identically; a
   * number of milliseconds becomes a duration to the nanosecond, a fraction rounded up (never
   * early).
   */
  private static String canonical(TimerDef def, Context context) {
    Object value = def.resolveValue(context);
    if (value instanceof Timer) {
      return ((Timer) value).toDuration().toString();
    }
    if (value instanceof Duration || value instanceof Instant) {
      return value.toString();
    }
    if (value instanceof Number) {
      return Durations.ofMillis((Number) value).toString(); // to the nanosecond, rounded up
    }
    if (value instanceof OffsetDateTime) {
      return DateTimeFormatter.ISO_OFFSET_DATE_TIME.format((OffsetDateTime) value);
    }
    if (value instanceof ZonedDateTime) {
      return DateTimeFormatter.ISO_ZONED_DATE_TIME.format((ZonedDateTime) value);
    }
    TimeSpecs.fromValue(value, def.zone());
    return String.valueOf(value);
  }

  ArmedTimer[] toArray(ArmedTimer[] empty) {
    if (changed == null) {
      return original;
    }
    return changed.isEmpty() ? empty : changed.toArray(empty);
  }

  private List<ArmedTimer> mutable() {
    if (changed == null) {
      changed = new ArrayList<>(Arrays.asList(original));
    }
    return changed;
  }
}
