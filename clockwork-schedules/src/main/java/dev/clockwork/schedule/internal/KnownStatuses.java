package dev.clockwork.schedule.internal;

import dev.clockwork.core.interpreter.InstanceStatus;
import dev.clockwork.runtime.Engine;
import dev.clockwork.runtime.instance.NamespacedIds;
import dev.clockwork.schedule.definition.ScheduleAction;
import dev.clockwork.schedule.store.ScheduleRecord;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Instance statuses a tick reads for a whole claimed batch in one store read, before deciding: the
 * run each schedule started last (the overlap policy's question) and the instance each send-event
 * schedule sends to. Each status read so serves one decision; a later one reads afresh, as it would
 * without the batch.
 */
final class KnownStatuses {
  private static final Logger LOG = LoggerFactory.getLogger(KnownStatuses.class);

  /** Nothing read ahead: every status is read when asked. */
  static final KnownStatuses NONE = new KnownStatuses(Map.of());

  /** The statuses read, null for an instance that does not exist. */
  private final Map<String, InstanceStatus> read;

  private KnownStatuses(Map<String, InstanceStatus> read) {
    this.read = read;
  }

  /** Reads the instances the first decisions about {@code schedules} ask about. */
  static KnownStatuses of(Engine engine, List<ScheduleRecord> schedules) {
    Set<String> ids = new LinkedHashSet<>();
    for (ScheduleRecord schedule : schedules) {
      if (schedule.settings().action() instanceof ScheduleAction.SendEvent send) {
        ids.add(NamespacedIds.stored(schedule.namespace(), send.instanceId()));
      } else if (schedule.latestInstanceId() != null
          && !schedule.isPending(schedule.latestInstanceId())) {
        ids.add(schedule.latestInstanceId());
      }
    }
    if (ids.isEmpty()) {
      return NONE;
    }
    Map<String, InstanceStatus> found;
    try {
      found = statuses(engine, ids);
    } catch (RuntimeException e) { // each decision reads its own, and fails alone
      LOG.warn("could not read {} instance statuses ahead: {}", ids.size(), e.getMessage());
      return NONE;
    }
    Map<String, InstanceStatus> read = new HashMap<>();
    ids.forEach(id -> read.put(id, found.get(id)));
    return new KnownStatuses(read);
  }

  /** True when the instance's status was read ahead and not used yet. */
  synchronized boolean has(String instanceId) {
    return read.containsKey(instanceId);
  }

  /** The status read ahead (null: no such instance), used up by this call. */
  synchronized InstanceStatus take(String instanceId) {
    return read.remove(instanceId);
  }

  /** The statuses of the instances with the stored ids {@code ids}, read per namespace. */
  private static Map<String, InstanceStatus> statuses(Engine engine, Set<String> ids) {
    Map<String, List<String>> byNamespace = new HashMap<>();
    ids.forEach(
        id ->
            byNamespace
                .computeIfAbsent(NamespacedIds.namespaceOf(id), n -> new ArrayList<>())
                .add(NamespacedIds.idOf(id)));
    Map<String, InstanceStatus> found = new HashMap<>();
    byNamespace.forEach(
        (namespace, inIt) ->
            engine
                .namespace(namespace)
                .instances()
                .statuses(inIt)
                .forEach((id, status) -> found.put(NamespacedIds.stored(namespace, id), status)));
    return found;
  }
}
