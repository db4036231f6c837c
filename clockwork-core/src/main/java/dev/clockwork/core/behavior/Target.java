package dev.clockwork.core.behavior;

import java.util.Objects;

/**
 * Where an emitted event goes: a named instance, the instance of a machine within the sender's
 * conversation (found or created when the event is sent), or the sender's parent — the instance
 * whose state invoked it as a child machine.
 *
 * <pre>{@code
 * scope.emit(Target.machine("payment"), Event.of("PAYMENT_REQUEST")); // this conversation's payment
 * scope.emitAsync(Target.instance("audit-log"), Event.of("ORDER_PLACED"));
 * scope.emitAsync(Target.parent(), Event.of("PROGRESS", Map.of("percent", 40)));
 * }</pre>
 *
 * @param instanceId the target instance, or null for a machine or parent target
 * @param machine the target machine, or null for an instance or parent target
 * @param toParent true for the {@link #parent() parent target}, which names neither
 */
public record Target(String instanceId, String machine, boolean toParent) {
  private static final Target PARENT = new Target(null, null, true);

  public Target {
    int named = (instanceId == null ? 0 : 1) + (machine == null ? 0 : 1) + (toParent ? 1 : 0);
    if (named != 1) {
      throw new IllegalArgumentException(
          "a target names exactly one of an instance, a machine or the parent");
    }
    if (instanceId != null && instanceId.isBlank() || machine != null && machine.isBlank()) {
      throw new IllegalArgumentException("an emit target may not be blank");
    }
  }

  /** A target naming an instance or a machine (not the parent). */
  public Target(String instanceId, String machine) {
    this(instanceId, machine, false);
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

  /**
   * The instance that started the sender as a child machine ({@code invoke}). The event reaches the
   * parent as it is (no {@code @}-prefix, no fence on the invoking state): the parent handles it in
   * whatever state it is in when the event arrives. A sender that is not a child fails the step.
   */
  public static Target parent() {
    return PARENT;
  }

  /** True when the target is found (or created) by machine within the conversation. */
  public boolean inConversation() {
    return machine != null;
  }

  @Override
  public String toString() {
    return toParent ? "@parent" : inConversation() ? "@" + machine : instanceId;
  }
}
