package dev.clockwork.cli.command;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.clockwork.cli.output.HumanDuration;
import dev.clockwork.schedule.audit.ScheduleAuditEvent;
import dev.clockwork.schedule.definition.IntervalSpec;
import dev.clockwork.schedule.definition.ScheduleAction;
import dev.clockwork.schedule.definition.ScheduleSpec;
import java.io.PrintWriter;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** How {@code schedules} commands show schedules and their events: short text and JSON values. */
final class ScheduleText {
  private static final ObjectMapper COMPACT = new ObjectMapper();

  private ScheduleText() {}

  /**
   * {@code cron 0 2 * * *, every 6h+5m, at 2026-04-27T17:20:00Z, cycle R5/PT10S (America/New_York;
   * cycles without a start from 2026-04-01T00:00:00Z)}.
   */
  static String spec(ScheduleSpec spec) {
    List<String> parts = new ArrayList<>();
    spec.cronExpressions().forEach(cron -> parts.add("cron " + cron));
    for (IntervalSpec interval : spec.intervals()) {
      parts.add(
          "every "
              + HumanDuration.format(interval.every())
              + (interval.offset().isZero() ? "" : "+" + HumanDuration.format(interval.offset())));
    }
    spec.dates().forEach(date -> parts.add("at " + date));
    spec.cycles().forEach(cycle -> parts.add("cycle " + cycle));
    String anchor = spec.cycleAnchor().map(a -> "; cycles without a start from " + a).orElse("");
    return String.join(", ", parts) + " (" + spec.timezone().getId() + anchor + ")";
  }

  /** {@code start invoice-sync} or {@code send REMIND to order-1}. */
  static String action(ScheduleAction action) {
    if (action instanceof ScheduleAction.SendEvent send) {
      return "send " + send.event() + " to " + send.instanceId();
    }
    return "start " + ((ScheduleAction.StartMachine) action).machine();
  }

  static String instant(Instant instant) {
    return instant == null ? "-" : instant.toString();
  }

  /** A JSON value on one line. */
  static String json(Object value) {
    try {
      return COMPACT.writeValueAsString(value);
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("cannot write JSON: " + e.getMessage(), e);
    }
  }

  /** Prints {@code value} as JSON on one line (JSON Lines). */
  static void jsonLine(PrintWriter out, Object value) {
    out.println(json(value));
  }

  /** The few payload values an operator reads first, for the history table. */
  static String details(ScheduleAuditEvent event) {
    Map<String, Object> p = event.payload();
    return switch (event.type()) {
      case ScheduleCreated, ScheduleResumed -> "next fire " + orDash(p.get("next_fire_at"));
      case SchedulePaused, ScheduleDeleted -> orDash(p.get("reason"));
      case ScheduleUpdated -> "changed " + String.join(", ", strings(p.get("changed_fields")));
      case ScheduleTriggered ->
          p.get("outcome")
              + " #"
              + p.get("trigger_number")
              + " for "
              + orDash(p.get("occurrence_time"));
      case ScheduleTriggerSkipped ->
          p.get("reason") + " (" + p.get("skipped_trigger_count") + " skipped in all)";
    };
  }

  private static List<String> strings(Object value) {
    List<String> texts = new ArrayList<>();
    if (value instanceof List<?> list) {
      list.forEach(item -> texts.add(String.valueOf(item)));
    }
    return texts;
  }

  private static String orDash(Object value) {
    return value == null ? "-" : value.toString();
  }
}
