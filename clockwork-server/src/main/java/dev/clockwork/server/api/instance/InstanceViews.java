package dev.clockwork.server.api.instance;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.clockwork.core.interpreter.ArmedTimer;
import dev.clockwork.core.interpreter.InstanceStatus;
import dev.clockwork.runtime.Instance;
import java.time.Instant;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** How the API writes instances: a summary in lists, the full view of one. */
final class InstanceViews {
  private InstanceViews() {}

  /** An instance in a list. */
  record InstanceSummary(
      String id,
      String machine,
      int version,
      String status,
      List<String> activeStates,
      String queue,
      Map<String, String> labels,
      String conversationId) {}

  /** One armed timer: its key, the event its fire sends, the state that armed it, when it fires. */
  record TimerView(String key, String event, String state, Instant dueAt, int fires) {}

  /** A child instance, as its parent's view lists it. */
  record ChildView(String id, String machine, String status, List<String> activeStates) {}

  /** One instance with everything the API knows of it. */
  @JsonInclude(JsonInclude.Include.NON_NULL)
  record InstanceView(
      String id,
      String namespace,
      String machine,
      int version,
      String status,
      String conversationId,
      List<String> activeStates,
      Map<String, Object> context,
      List<TimerView> timers,
      List<TimerView> failedTimers,
      List<ChildView> children,
      String queue,
      Map<String, String> labels,
      Map<String, Object> memo,
      Map<String, Object> searchAttributes,
      long pendingEvents,
      List<String> acceptedEvents) {}

  static InstanceSummary summary(Instance instance) {
    return new InstanceSummary(
        instance.id(),
        instance.machine(),
        instance.version(),
        status(instance.status()),
        instance.states(),
        instance.queue(),
        instance.labels(),
        instance.conversationId());
  }

  /**
   * The full view; {@code acceptedEvents} are the events a sender may send it now (none once it is
   * finished).
   */
  static InstanceView view(
      Instance instance, List<Instance> children, long pendingEvents, List<String> acceptedEvents) {
    return new InstanceView(
        instance.id(),
        instance.namespace(),
        instance.machine(),
        instance.version(),
        status(instance.status()),
        instance.conversationId(),
        instance.states(),
        instance.context(),
        instance.timers().stream().map(InstanceViews::timer).toList(),
        instance.failedTimers().stream().map(InstanceViews::timer).toList(),
        children.stream()
            .map(c -> new ChildView(c.id(), c.machine(), status(c.status()), c.states()))
            .toList(),
        instance.queue(),
        instance.labels(),
        instance.memo(),
        instance.searchAttributes(),
        pendingEvents,
        instance.status() == InstanceStatus.ACTIVE ? acceptedEvents : List.of());
  }

  static String status(InstanceStatus status) {
    return status.name().toLowerCase(Locale.ROOT);
  }

  private static TimerView timer(ArmedTimer timer) {
    int hash = timer.key().lastIndexOf('#');
    String state = hash < 0 ? timer.key() : timer.key().substring(0, hash);
    return new TimerView(timer.key(), timer.event(), state, timer.due(), timer.fires());
  }
}
