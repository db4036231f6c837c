package dev.clockwork.schedule.internal;

import dev.clockwork.runtime.instance.NamespacedIds;
import java.time.Instant;

/**
 * The deterministic ids of triggered instances: {@code schedule:{id}:{occurrence}} for a tick's (or
 * a drained buffer's) occurrence, {@code schedule:{id}:backfill:{occurrence}} for a backfilled one,
 * the occurrence as an ISO instant in UTC, and {@code schedule:{id}:manual:{trigger number}} for a
 * manual trigger, so two manual triggers in one instant are two runs while a trigger carried out
 * again is still one. The run is an instance of the schedule's namespace: these are stored ids
 * ({@link NamespacedIds}), the id in the namespace named {@value #PLAIN_NAMESPACE} and {@code
 * namespace + U+001F + id} in another, so two namespaces never share a run and no caller of one
 * namespace can take another's run id. The plain namespace is fixed, not each node's configured
 * default, so nodes configured differently still agree on every id. Schedule ids and namespaces may
 * not contain {@code @}, {@code :} or {@code /}, which keeps every id unambiguous.
 */
public final class InstanceIds {
  /** The namespace whose instance ids carry no {@code @namespace} suffix. */
  public static final String PLAIN_NAMESPACE = NamespacedIds.DEFAULT;

  private InstanceIds() {}

  /** The instance of a tick's or a buffered trigger. */
  public static String occurrence(String namespace, String scheduleId, Instant occurrence) {
    return NamespacedIds.stored(namespace, "schedule:" + scheduleId + ":" + occurrence);
  }

  /** The instance of a backfilled occurrence. */
  public static String backfill(String namespace, String scheduleId, Instant occurrence) {
    return NamespacedIds.stored(namespace, "schedule:" + scheduleId + ":backfill:" + occurrence);
  }

  /** The instance of the manual trigger numbered {@code triggerNumber}. */
  public static String manual(String namespace, String scheduleId, long triggerNumber) {
    return NamespacedIds.stored(namespace, "schedule:" + scheduleId + ":manual:" + triggerNumber);
  }
}
