package dev.clockwork.runtime;

import dev.clockwork.core.interpreter.ArmedTimer;
import dev.clockwork.core.interpreter.TimerOperation;
import dev.clockwork.runtime.audit.Operator;
import dev.clockwork.runtime.internal.TimerOperations;
import dev.clockwork.runtime.internal.engine.EventIntake;
import dev.clockwork.runtime.queue.EventRequest;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Objects;

/**
 * An operator's hand on one instance's armed timers: move one to an instant, put it off, fire it
 * now, cancel it. Each applies at once under the instance's lease (after a fire being processed, or
 * before one that is not), is kept in the instance's history as an {@code @timer} event with who
 * asked and why, and returns the instance as it is then. A caller records it in the operator log as
 * it records its other actions ({@code engine.admin().operatorLog()}).
 *
 * <pre>{@code
 * Operator ops = Operator.named("support-desk");
 * engine.instances().timers("order-1")
 *     .extend("ORDER_EXPIRED", Duration.ofDays(3), ops, "customer asked for more time");
 * }</pre>
 *
 * <p>A timer is named by its event ({@code ORDER_EXPIRED}), or by its key ({@code
 * awaiting_payment#ORDER_EXPIRED}) when two active states arm the same event. A moved one-shot
 * still fires at most once per state entry, never before its new due; a moved {@code every} goes on
 * from the moved fire. One that is not armed (it fired, its state was left) is an {@link
 * IllegalArgumentException} naming those that are.
 */
public final class InstanceTimers {
  private final Instances instances;
  private final EventIntake events;
  private final String namespace;
  private final String instanceId;

  InstanceTimers(Instances instances, EventIntake events, String namespace, String instanceId) {
    this.instances = instances;
    this.events = events;
    this.namespace = namespace;
    this.instanceId = Objects.requireNonNull(instanceId, "instanceId");
  }

  /** The timer is due at {@code to} (in the past: at once). */
  public Instance reschedule(String timer, Instant to, Operator who, String reason) {
    return apply(TimerOperation.reschedule(timer, Objects.requireNonNull(to, "to")), who, reason);
  }

  /** The timer is due {@code by} later than it was. */
  public Instance extend(String timer, Duration by, Operator who, String reason) {
    return apply(TimerOperation.extend(timer, by), who, reason);
  }

  /** The timer fires now: its transition runs as a fire's would. */
  public Instance fireNow(String timer, Operator who, String reason) {
    return apply(TimerOperation.fireNow(timer), who, reason);
  }

  /** The timer is cancelled: it will not fire in this state entry. */
  public Instance cancel(String timer, Operator who, String reason) {
    return apply(TimerOperation.cancel(timer), who, reason);
  }

  private Instance apply(TimerOperation operation, Operator who, String reason) {
    Objects.requireNonNull(who, "who");
    List<String> armed =
        instances.get(instanceId).timers().stream()
            .filter(t -> !t.failed())
            .map(ArmedTimer::key)
            .toList();
    if (armed.stream()
        .noneMatch(key -> key.equals(operation.timer()) || key.endsWith("#" + operation.timer()))) {
      // checked again under the lease, where a fire may have just taken it
      throw new IllegalArgumentException(
          "instance '"
              + instanceId
              + "' has no armed timer '"
              + operation.timer()
              + "' (it fired, or its state was left); armed now: "
              + armed);
    }
    EventRequest request =
        EventRequest.to(instanceId, TimerOperations.event(operation, who.principal(), reason))
            .namespace(namespace)
            .stored();
    return SendResult.of(events.send(request)).instance();
  }
}
