package dev.clockwork.schedule.audit;

import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * The payload keys of every schedule event, on both streams: the schedule's audit stream and the
 * {@code ScheduleTriggered} row that opens a triggered instance's history. Every write is checked
 * against it ({@link #checkAudit}, {@link #checkLineage}); adding a key is a wire-format change.
 * {@code command_context} is optional on every audit event and left out when there is none.
 */
public final class SchedulePayloadContract {
  /** The optional key of every audit event. */
  public static final String COMMAND_CONTEXT = "command_context";

  /** The keys of {@code ScheduleTriggered} in a triggered instance's own history. */
  public static final List<String> LINEAGE_KEYS =
      List.of(
          "schedule_id",
          "schedule_ulid",
          "cron_expression",
          "timezone",
          "overlap_policy",
          "trigger_number",
          "occurrence_time");

  private static final Map<ScheduleEventType, List<String>> AUDIT_KEYS =
      new EnumMap<>(
          Map.of(
              ScheduleEventType.ScheduleCreated,
              List.of("spec", "action", "overlap_policy", "next_fire_at"),
              ScheduleEventType.SchedulePaused,
              List.of("reason", "paused_at"),
              ScheduleEventType.ScheduleResumed,
              List.of("next_fire_at"),
              ScheduleEventType.ScheduleUpdated,
              List.of("changed_fields", "spec", "action", "overlap_policy", "next_fire_at"),
              ScheduleEventType.ScheduleTriggered,
              List.of(
                  "workflow_instance_id",
                  "workflow_run_id",
                  "outcome",
                  "effective_overlap_policy",
                  "trigger_number",
                  "occurrence_time"),
              ScheduleEventType.ScheduleTriggerSkipped,
              List.of("reason", "skipped_trigger_count", "last_skipped_at"),
              ScheduleEventType.ScheduleDeleted,
              List.of("reason", "deleted_at")));

  private SchedulePayloadContract() {}

  /** The required keys of an audit event, in the order they are written. */
  public static List<String> auditKeys(ScheduleEventType type) {
    return AUDIT_KEYS.get(type);
  }

  /**
   * Checks an audit payload: exactly the required keys, plus {@code command_context} when a context
   * was given (then a non-empty map).
   *
   * @throws IllegalStateException naming the missing or unexpected keys
   */
  public static void checkAudit(ScheduleEventType type, Map<String, ?> payload) {
    Set<String> expected = new TreeSet<>(auditKeys(type));
    if (payload.containsKey(COMMAND_CONTEXT)) {
      Object context = payload.get(COMMAND_CONTEXT);
      if (!(context instanceof Map<?, ?>) || ((Map<?, ?>) context).isEmpty()) {
        throw new IllegalStateException(
            type + ": command_context must be a non-empty map or left out; found " + context);
      }
      expected.add(COMMAND_CONTEXT);
    }
    check(type.name(), expected, payload);
  }

  /** Checks the payload of the {@code ScheduleTriggered} row of a triggered instance. */
  public static void checkLineage(Map<String, ?> payload) {
    check("ScheduleTriggered (instance history)", new TreeSet<>(LINEAGE_KEYS), payload);
  }

  private static void check(String what, Set<String> expected, Map<String, ?> payload) {
    Set<String> actual = new TreeSet<>(payload.keySet());
    if (!actual.equals(expected)) {
      Set<String> missing = new TreeSet<>(expected);
      missing.removeAll(actual);
      Set<String> unexpected = new TreeSet<>(actual);
      unexpected.removeAll(expected);
      throw new IllegalStateException(
          what
              + " payload breaks the payload contract: missing "
              + missing
              + ", unexpected "
              + unexpected);
    }
  }
}
