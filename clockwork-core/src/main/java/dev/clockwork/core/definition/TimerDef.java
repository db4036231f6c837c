package dev.clockwork.core.definition;

import dev.clockwork.core.behavior.TimerValue;
import dev.clockwork.core.context.Context;
import dev.clockwork.core.time.Durations;
import dev.clockwork.core.time.InvalidTimerDefinitionException;
import dev.clockwork.core.time.OverduePolicy;
import dev.clockwork.core.time.TimeSpec;
import java.time.Duration;
import java.time.ZoneId;

/**
 * The timer on a transition: when its state is entered the timer is armed; each fire sends the
 * transition's event to the instance. A repeating timer stops after {@link #maxFires()} fires (the
 * smaller of {@code max} and a cycle's {@code R<n>}) and then, if {@link #then()} is set, sends
 * that event once, one interval after the last fire.
 */
public final class TimerDef {
  private final String key;
  private final String event;
  private final TimeSpec spec;
  private final TimerValue value;
  private final int max;
  private final String then;
  private final ZoneId zone;
  private final TimerDeclaration declaration;
  private final OverduePolicy overdue;
  private final Duration overdueAfter;

  TimerDef(
      String key,
      String event,
      TimeSpec spec,
      TimerValue value,
      int max,
      String then,
      ZoneId zone,
      TimerDeclaration declaration,
      OverduePolicy overdue,
      Duration overdueAfter) {
    this.overdue = overdue;
    this.overdueAfter = overdueAfter;
    this.key = key;
    this.event = event;
    this.spec = spec;
    this.value = value;
    this.max = max;
    this.then = then;
    this.zone = zone;
    this.declaration = declaration;
  }

  /** What it does when found overdue (a repeating timer's; one-shots always fire). */
  public OverduePolicy overdue() {
    return overdue;
  }

  /** How late a fire may be before it is overdue; null: one interval. */
  public Duration overdueAfter() {
    return overdueAfter;
  }

  /** How the timer was declared, for writing the definition back out. */
  public TimerDeclaration declaration() {
    return declaration;
  }

  /** {@code <state path>#<event>}: stable across definition versions, so armed timers follow. */
  public String key() {
    return key;
  }

  /** The event each fire sends. */
  public String event() {
    return event;
  }

  /** True when the value is computed from the context on state entry. */
  public boolean isComputed() {
    return value != null;
  }

  /** The static time spec; null for computed timers. */
  public TimeSpec spec() {
    return spec;
  }

  /** The raw value of a computed timer for a state entered with {@code context}. */
  public Object resolveValue(Context context) {
    if (value == null) {
      throw new IllegalStateException(key + " is a static timer; use spec()");
    }
    return value.compute(context);
  }

  /** Fires allowed per state entry, the smaller of {@code max} and the spec's own count. */
  public int maxFires() {
    return max;
  }

  /** Event sent once after the last allowed fire; null when none. */
  public String then() {
    return then;
  }

  public ZoneId zone() {
    return zone;
  }

  /** Human text, e.g. {@code after 7 days} or {@code every 6 hours, max 3, then MAX_RETRIES}. */
  public String describe() {
    String text = spec != null ? written() : "computed from context";
    if (max != Integer.MAX_VALUE && (spec == null || spec.maxFires() != max || then != null)) {
      text += ", max " + max;
    }
    return then == null ? text : text + ", then " + then;
  }

  /**
   * The spec's text, but {@code every 6 hours} for an {@code every} given as text (as a stored or
   * YAML definition gives it), which runs as the cycle {@code R/PT6H}.
   */
  private String written() {
    if (declaration != null && "every".equals(declaration.kind()) && declaration.text() != null) {
      try {
        return "every " + Durations.format(Durations.parse(declaration.text()));
      } catch (InvalidTimerDefinitionException notADuration) {
        return spec.describe();
      }
    }
    return spec.describe();
  }

  @Override
  public String toString() {
    return key + " (" + describe() + ")";
  }
}
