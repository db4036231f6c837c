package dev.clockwork.runtime.audit;

import dev.clockwork.core.context.JsonValues;
import dev.clockwork.core.input.InputRules;
import dev.clockwork.runtime.instance.NamespacedIds;
import java.time.Instant;
import java.util.Map;
import java.util.Objects;

/**
 * One operator action in the audit log.
 *
 * @param id 1, 2, 3… in the order the store wrote them (0 before it is written)
 * @param at when the action was taken (engine clock)
 * @param principal who took it (a token's principal, a user name)
 * @param requestId the id of the request that carried it, or null
 * @param source where it came from: {@code api}, {@code cli}, {@code java}, …
 * @param action what was done, such as {@code dead_letter.retry} or {@code queue.pause}
 * @param target what it was done to, such as {@code dead_letter:42} or {@code queue:order}
 * @param details the action's parameters and outcome, JSON values (strings, numbers, booleans,
 *     lists, maps)
 * @param namespace the namespace of what it was done to (an instance's, a dead letter's), or null
 *     for an action on every namespace (pausing a machine's queue): a namespace's audit lists its
 *     own actions only
 */
public record OperatorAction(
    long id,
    Instant at,
    String principal,
    String requestId,
    String source,
    String action,
    String target,
    Map<String, Object> details,
    String namespace) {
  public OperatorAction {
    Objects.requireNonNull(at, "at");
    principal = required("principal", principal);
    action = required("action", action);
    target = required("target", target);
    InputRules.text("requestId", requestId);
    InputRules.text("source", source);
    @SuppressWarnings("unchecked")
    Map<String, Object> frozen =
        details == null ? Map.of() : (Map<String, Object>) JsonValues.checked("details", details);
    details = frozen;
    if (namespace != null) {
      NamespacedIds.checkedName(namespace);
    }
  }

  /** An action on every namespace (or on none). */
  public OperatorAction(
      long id,
      Instant at,
      String principal,
      String requestId,
      String source,
      String action,
      String target,
      Map<String, Object> details) {
    this(id, at, principal, requestId, source, action, target, details, null);
  }

  /** The same action with the id the store gave it. */
  public OperatorAction withId(long assigned) {
    return new OperatorAction(
        assigned, at, principal, requestId, source, action, target, details, namespace);
  }

  /** The same action on {@code name}'s namespace. */
  public OperatorAction inNamespace(String name) {
    return new OperatorAction(id, at, principal, requestId, source, action, target, details, name);
  }

  private static String required(String name, String value) {
    InputRules.text(name, value);
    if (value == null || value.isBlank()) {
      throw new IllegalArgumentException(
          "an operator action needs a "
              + name
              + "; got "
              + (value == null ? "none" : "a blank one"));
    }
    return value;
  }
}
