package dev.clockwork.schedule.internal;

import java.time.Instant;

/**
 * The deterministic ids of triggered instances: {@code schedule:{id}:{occurrence}} for a tick's (or
 * a drained buffer's) occurrence, {@code schedule:{id}:backfill:{occurrence}} for a backfilled one,
 * the occurrence as an ISO instant in UTC, and {@code schedule:{id}:manual:{trigger number}} for a
 * manual trigger, so two manual triggers in one instant are two runs while a trigger carried out
 * again is still one. Outside the namespace named {@value #PLAIN_NAMESPACE} the id reads {@code
 * {id}@{namespace}}, so two namespaces never share an instance. The plain namespace is fixed, not
 * each node's configured default, so nodes configured differently still agree on every id. Schedule
 * ids and namespaces may not contain {@code @}, {@code :} or {@code /}, which keeps every id
 * unambiguous.
 */
public final class InstanceIds {
  /** The namespace whose instance ids carry no {@code @namespace} suffix. */
  public static final String PLAIN_NAMESPACE = "default";

  private InstanceIds() {}

  /** The instance of a tick's or a buffered trigger. */
  public static String occurrence(
      String namespace, String defaultNamespace, String scheduleId, Instant occurrence) {
    return "schedule:" + scoped(namespace, defaultNamespace, scheduleId) + ":" + occurrence;
  }

  /** The instance of a backfilled occurrence. */
  public static String backfill(
      String namespace, String defaultNamespace, String scheduleId, Instant occurrence) {
    return "schedule:"
        + scoped(namespace, defaultNamespace, scheduleId)
        + ":backfill:"
        + occurrence;
  }

  /** The instance of the manual trigger numbered {@code triggerNumber}. */
  public static String manual(
      String namespace, String defaultNamespace, String scheduleId, long triggerNumber) {
    return "schedule:"
        + scoped(namespace, defaultNamespace, scheduleId)
        + ":manual:"
        + triggerNumber;
  }

  private static String scoped(String namespace, String defaultNamespace, String scheduleId) {
    return namespace.equals(PLAIN_NAMESPACE) ? scheduleId : scheduleId + "@" + namespace;
  }
}
