package dev.clockwork.core.definition;

import dev.clockwork.core.ClockworkException;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneId;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.Map;
import java.util.Objects;

/**
 * A timer start event: when it fires, a new instance of the machine starts (BPMN's timer start
 * event). It belongs to a machine version; deploying that version schedules it, and cancels the
 * start timers of the version before. Each takes one of BPMN's forms:
 *
 * <ul>
 *   <li>a time date: {@link #at(String) at("2026-05-01T08:00:00Z")}, once;
 *   <li>a cycle: {@link #cycle(String) cycle("R/2026-01-01T09:00:00Z/P1D")} (every day from that
 *       instant), or {@code R5/PT10S} (counted from the deploy);
 *   <li>a cron expression: {@link #cron(String, ZoneId) cron("0 9 * * MON-FRI", berlin)};
 *   <li>an expression {@link #computed(StartTimerExpression) computed} when the version is
 *       deployed, giving one of the forms above.
 * </ul>
 *
 * <p>Cron expressions and cycles read calendar units in the timer's zone ({@link #inZone}, by
 * default the machine's). Immutable; the texts are checked when the machine is built, and a mistake
 * names the timer ({@code invoice.startTimers[0]}) and the form to write.
 */
public final class StartTimer {
  /** The form of a start timer. */
  public enum Kind {
    /** An ISO 8601 date-time with {@code Z}, an offset or a zone id: once. */
    DATE,
    /** An ISO 8601 repeating interval {@code R[n]/[start/]duration}. */
    CYCLE,
    /** A cron expression: 5 fields, 6 with seconds, or a macro such as {@code @daily}. */
    CRON,
    /** A {@link StartTimerExpression} evaluated at deploy. */
    COMPUTED
  }

  private final Kind kind;
  private final String text;
  private final ZoneId zone;
  private final StartTimerExpression expression;
  private final Map<String, ?> input;
  private final String path;

  private StartTimer(
      Kind kind,
      String text,
      ZoneId zone,
      StartTimerExpression expression,
      Map<String, ?> input,
      String path) {
    this.kind = kind;
    this.text = text == null ? null : text.trim();
    this.zone = zone;
    this.expression = expression;
    this.input = input;
    this.path = path;
  }

  /**
   * Once, at an ISO 8601 date-time: {@code 2026-05-01T08:00:00Z}, {@code …+02:00[Europe/Berlin]}.
   */
  public static StartTimer at(String isoDateTime) {
    return new StartTimer(Kind.DATE, isoDateTime, null, null, Map.of(), "");
  }

  /** On an ISO 8601 cycle: {@code R/2026-01-01T09:00:00Z/P1D}, {@code R3/PT1H}. */
  public static StartTimer cycle(String repeatingInterval) {
    return new StartTimer(Kind.CYCLE, repeatingInterval, null, null, Map.of(), "");
  }

  /** On a cron expression, in the machine's zone. */
  public static StartTimer cron(String expression) {
    return new StartTimer(Kind.CRON, expression, null, null, Map.of(), "");
  }

  /** On a cron expression in {@code zone}. */
  public static StartTimer cron(String expression, ZoneId zone) {
    return cron(expression).inZone(zone);
  }

  /**
   * A text in any static form, told apart by its shape: {@code R…/…} is a cycle, a text with spaces
   * (or a macro such as {@code @daily}) a cron expression, anything else a time date.
   */
  public static StartTimer of(String text) {
    return new StartTimer(StartTimerCheck.kindOf(text), text, null, null, Map.of(), "");
  }

  /** A start timer computed by {@code expression} each time a machine version is deployed. */
  public static StartTimer computed(StartTimerExpression expression) {
    Objects.requireNonNull(expression, "expression");
    return new StartTimer(Kind.COMPUTED, null, null, expression, Map.of(), "");
  }

  /** This timer with cron fields and cycle calendar units read in {@code timerZone}. */
  public StartTimer inZone(ZoneId timerZone) {
    Objects.requireNonNull(timerZone, "zone");
    return new StartTimer(kind, text, timerZone, expression, input, path);
  }

  /** This timer starting each instance with {@code values} merged over the initial context. */
  public StartTimer withInput(Map<String, ?> values) {
    Objects.requireNonNull(values, "input");
    return new StartTimer(kind, text, zone, expression, Map.copyOf(values), path);
  }

  public Kind kind() {
    return kind;
  }

  /** The static text as written (trimmed); null for a computed timer. */
  public String text() {
    return text;
  }

  /** The zone of cron fields and calendar units; null until the timer is part of a machine. */
  public ZoneId zone() {
    return zone;
  }

  /** What each started instance gets merged over its initial context (JSON values). */
  @SuppressWarnings("unchecked")
  public Map<String, Object> input() {
    return (Map<String, Object>) input;
  }

  /** Where the timer is in its machine, {@code invoice.startTimers[0]}; empty outside one. */
  public String path() {
    return path;
  }

  public boolean isComputed() {
    return kind == Kind.COMPUTED;
  }

  /**
   * The static timer to schedule for a deploy at {@code deployedAt}: this one, or for a computed
   * one the value its expression gives, checked as a static one is.
   *
   * @throws dev.clockwork.core.time.InvalidTimerDefinitionException naming {@link #path()} when the
   *     value is of no start timer form
   * @throws ClockworkException naming {@link #path()} when the expression throws
   */
  public StartTimer resolve(Instant deployedAt, MachineDefinition definition) {
    if (!isComputed()) {
      return this;
    }
    Object value;
    try {
      value = expression.evaluate(deployedAt, definition);
    } catch (RuntimeException e) {
      throw new ClockworkException(
          path + ": the start timer's expression failed for the deploy at " + deployedAt + ": " + e,
          e);
    }
    return staticFrom(value).compiled(zone, path);
  }

  /** A static timer from an expression's value, with this timer's zone and input. */
  private StartTimer staticFrom(Object value) {
    StartTimer resolved;
    if (value instanceof StartTimer timer && !timer.isComputed()) {
      resolved = timer.zone != null ? timer : timer.inZone(zone);
    } else if (value instanceof String text) {
      resolved = of(text).inZone(zone);
    } else if (value instanceof Instant instant) {
      resolved = at(instant.toString()).inZone(zone);
    } else if (value instanceof OffsetDateTime dateTime) {
      resolved = at(DateTimeFormatter.ISO_OFFSET_DATE_TIME.format(dateTime)).inZone(zone);
    } else if (value instanceof ZonedDateTime dateTime) {
      resolved = at(DateTimeFormatter.ISO_ZONED_DATE_TIME.format(dateTime)).inZone(zone);
    } else {
      throw StartTimerCheck.notAForm(path, value);
    }
    return new StartTimer(resolved.kind, resolved.text, resolved.zone, null, input, path);
  }

  /** This timer checked, in its machine at {@code where}, with {@code machineZone} by default. */
  StartTimer compiled(ZoneId machineZone, String where) {
    ZoneId effective = zone != null ? zone : machineZone;
    StartTimerCheck.check(kind, text, effective, where);
    Map<String, ?> frozen = StartTimerCheck.input(input, where);
    return new StartTimer(kind, text, effective, expression, frozen, where);
  }

  /** Human text: {@code at 2026-05-01T08:00:00Z}, {@code cron 0 9 * * MON-FRI (UTC)}, … */
  public String describe() {
    return switch (kind) {
      case DATE -> "at " + text;
      case CYCLE -> "cycle " + text;
      case CRON -> "cron " + text + (zone == null ? "" : " (" + zone + ")");
      case COMPUTED -> "computed at deploy";
    };
  }

  @Override
  public String toString() {
    return path.isEmpty() ? describe() : path + " (" + describe() + ")";
  }
}
