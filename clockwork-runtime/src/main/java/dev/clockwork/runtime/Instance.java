package dev.clockwork.runtime;

import dev.clockwork.core.interpreter.ArmedTimer;
import dev.clockwork.core.interpreter.InstanceStatus;
import dev.clockwork.runtime.instance.InstanceMetadata;
import dev.clockwork.runtime.instance.NamespacedIds;
import dev.clockwork.runtime.internal.TurnRunner;
import dev.clockwork.runtime.store.InstanceRecord;
import java.util.List;
import java.util.Map;

/**
 * A read-only view of one instance as stored: its states, context and armed timers, and the queue,
 * labels, memo and search attributes it was created with.
 *
 * @param id the instance id, unique in its namespace
 * @param machine the machine id
 * @param version the definition version it runs
 * @param conversationId the conversation it belongs to
 * @param states active leaf states, e.g. {@code [awaiting_payment]}
 * @param context the context
 * @param timers armed timers (a fire waiting for a retry included, at its due instant)
 * @param failedTimers one-shot timers whose fire failed for good: it is in the dead letters, where
 *     a retry can still apply it
 * @param status active or done
 * @param dispatched true when the call that returned this view ({@code create} or {@code send})
 *     dispatched region jobs (parallel dispatch): the regions' entry actions run in the background
 *     and the instance waits for them. Not stored: an instance read later says false
 * @param queue the queue it is served from (see {@link InstanceMetadata#queue})
 * @param labels its labels, set when it was created
 * @param memo its memo, set when it was created
 * @param searchAttributes its search attributes, set when it was created
 * @param namespace the namespace it belongs to ({@value NamespacedIds#DEFAULT} unless its creator
 *     named one)
 */
public record Instance(
    String id,
    String machine,
    int version,
    String conversationId,
    List<String> states,
    Map<String, Object> context,
    List<ArmedTimer> timers,
    List<ArmedTimer> failedTimers,
    InstanceStatus status,
    boolean dispatched,
    String queue,
    Map<String, String> labels,
    Map<String, Object> memo,
    Map<String, Object> searchAttributes,
    String namespace) {

  static Instance of(InstanceRecord record) {
    return of(record, false);
  }

  static Instance of(TurnRunner.Created created) {
    return of(created.instance(), created.dispatched());
  }

  static Instance of(InstanceRecord record, boolean dispatched) {
    return new Instance(
        NamespacedIds.idOf(record.id()),
        record.machine(),
        record.version(),
        NamespacedIds.idOf(record.conversationId()),
        record.leafPaths(),
        record.context(),
        record.timers().stream().filter(t -> !t.failed()).toList(),
        record.timers().stream().filter(ArmedTimer::failed).toList(),
        record.status(),
        dispatched,
        record.metadata().queue(),
        record.metadata().labels(),
        record.metadata().memo(),
        record.metadata().searchAttributes(),
        NamespacedIds.namespaceOf(record.id()));
  }

  /** True when {@code path} is one of the active leaf states or one of their ancestors. */
  public boolean isIn(String path) {
    return states.stream().anyMatch(s -> s.equals(path) || s.startsWith(path + "."));
  }

  public boolean isDone() {
    return status == InstanceStatus.DONE;
  }

  public boolean isCancelled() {
    return status == InstanceStatus.CANCELLED;
  }
}
