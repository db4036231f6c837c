package dev.clockwork.core.behavior;

import java.util.Objects;

/**
 * Where an emitted event goes: a named instance, or the instance of a machine within the sender's
 * conversation, found or created when the event is sent.
 *
 * <pre>{@code
 * scope.emit(Target.machine("payment"), Event.of("PAYMENT_REQUEST")); // this conversation's payment
 * scope.emitAsync(Target.instance("audit-log"), Event.of("ORDER_PLACED"));
 * }</pre>
 *
 * @param instanceId the target instance, or null for a machine target
 * @param machine the target machine, or null for an instance target
 */
public record Target(String instanceId, String machine) {
  public Target {
    if ((instanceId == null) == (machine == null)) {
      throw new IllegalArgumentException("a target names either an instance or a machine");
    }
    if (instanceId != null && instanceId.isBlank() || machine != null && machine.isBlank()) {
      throw new IllegalArgumentException("an emit target may not be blank");
    }
  }

  /** The instance with this id (it must exist). */
  public static Target instance(String instanceId) {
    return new Target(Objects.requireNonNull(instanceId, "instanceId"), null);
  }

  /**
   * The instance of {@code machine} in the sender's conversation: the oldest one when there is one,
   * otherwise a new instance created in that conversation.
   */
  public static Target machine(String machine) {
    return new Target(null, Objects.requireNonNull(machine, "machine"));
  }

  /** True when the target is found (or created) by machine within the conversation. */
  public boolean inConversation() {
    return machine != null;
  }

  @Override
  public String toString() {
    return inConversation() ? "@" + machine : instanceId;
  }
}
