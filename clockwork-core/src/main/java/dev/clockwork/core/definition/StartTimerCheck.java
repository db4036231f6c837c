package dev.clockwork.core.definition;

import dev.clockwork.core.InvalidDefinitionException;
import dev.clockwork.core.context.JsonValues;
import dev.clockwork.core.time.DstPolicy;
import dev.clockwork.core.time.InvalidTimerDefinitionException;
import dev.clockwork.core.time.TimeSpecs;
import java.time.ZoneId;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/** The rules of timer start events, each broken rule naming the timer and the form to write. */
final class StartTimerCheck {
  private static final String FORMS =
      "write a time date (2026-05-01T08:00:00Z), a cycle (R/2026-01-01T09:00:00Z/P1D, R3/PT1H) or"
          + " a cron expression (0 9 * * MON-FRI)";
  private static final Pattern SCHEDULABLE_ID = Pattern.compile("[A-Za-z0-9_-]+");

  private StartTimerCheck() {}

  /** The form a text has: {@code R…/…} a cycle, spaces or {@code @…} a cron, else a date. */
  static StartTimer.Kind kindOf(String text) {
    String trimmed = text == null ? "" : text.trim();
    if (trimmed.startsWith("R") && trimmed.contains("/")) {
      return StartTimer.Kind.CYCLE;
    }
    if (trimmed.startsWith("@") || trimmed.chars().anyMatch(Character::isWhitespace)) {
      return StartTimer.Kind.CRON;
    }
    return StartTimer.Kind.DATE;
  }

  /** Checks a static text by the core's own parsers, which the schedules use too. */
  static void check(StartTimer.Kind kind, String text, ZoneId zone, String where) {
    if (kind == StartTimer.Kind.COMPUTED) {
      return;
    }
    if (text == null || text.isBlank()) {
      throw new InvalidTimerDefinitionException(where, "the start timer is empty; " + FORMS);
    }
    try {
      switch (kind) {
        case DATE -> TimeSpecs.at(text);
        case CYCLE -> TimeSpecs.cycle(text, zone);
        default -> TimeSpecs.cron(text, zone, DstPolicy.DEFAULT);
      }
    } catch (InvalidTimerDefinitionException e) {
      throw new InvalidTimerDefinitionException(where, e.problem() + hint(kind, text));
    }
  }

  /** A duration where a date was expected, or a cycle or cron text given to {@code startAt}. */
  private static String hint(StartTimer.Kind kind, String text) {
    String trimmed = text.trim();
    if (kind != StartTimer.Kind.DATE) {
      return "";
    }
    if (trimmed.startsWith("P")) {
      return "; a timer start event needs a date or a cycle, not a duration: write R1/"
          + trimmed
          + " to start once, that long after the deploy, or R/"
          + trimmed
          + " to start every "
          + trimmed;
    }
    if (kindOf(trimmed) != StartTimer.Kind.DATE) {
      return "; this looks like a cycle or a cron expression: use startOn(\"" + trimmed + "\")";
    }
    return "";
  }

  /** The input as frozen JSON values. */
  @SuppressWarnings("unchecked")
  static Map<String, ?> input(Map<String, ?> input, String where) {
    try {
      return (Map<String, ?>) JsonValues.checked("input", input);
    } catch (IllegalArgumentException e) {
      throw new InvalidDefinitionException(where, e.getMessage());
    }
  }

  /** An expression gave something that is no start timer form. */
  static InvalidTimerDefinitionException notAForm(String where, Object value) {
    String type = value == null ? "null" : value.getClass().getName() + " " + value;
    return new InvalidTimerDefinitionException(
        where,
        "the start timer's expression gave "
            + type
            + ", which is no start timer; return a String ("
            + FORMS
            + "), an Instant, an OffsetDateTime, a ZonedDateTime or a static StartTimer");
  }

  /**
   * A machine with start timers names schedules (and their instances) after its id, which must
   * therefore be plain.
   */
  static void checkMachine(String id, List<StartTimer> timers) {
    if (!timers.isEmpty() && !SCHEDULABLE_ID.matcher(id).matches()) {
      throw new InvalidDefinitionException(
          id + ".startTimers",
          "a machine with timer start events names its start schedules after its id, which may"
              + " hold only letters, digits, '_' and '-'; rename the machine (e.g. \""
              + id.replaceAll("[^A-Za-z0-9_-]", "-")
              + "\")");
    }
  }
}
