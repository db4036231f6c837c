package dev.clockwork.definition.action;

import dev.clockwork.core.behavior.ActionScope;
import dev.clockwork.core.behavior.Target;
import dev.clockwork.core.event.Event;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * {@code {sendParent: PROGRESS}} or {@code {sendParent: {event: PROGRESS, payload: {step: 2}}}}: a
 * child machine's action that queues an event for its parent instance (the one whose state invoked
 * it), with this step's commit ({@link Target#parent()}). Asynchronous only: the parent is usually
 * busy in the same chain that started the child. An instance that is not a child fails the step.
 *
 * @param event the event type sent
 * @param payload the event's payload (constants)
 */
public record SendParentAction(String event, Map<String, Object> payload) implements BuiltInAction {
  public SendParentAction {
    payload = Collections.unmodifiableMap(new LinkedHashMap<>(payload));
  }

  @Override
  public void run(ActionScope scope) {
    scope.emitAsync(Target.parent(), Event.of(event, payload));
  }

  @Override
  public Map<String, Object> toData() {
    if (payload.isEmpty()) {
      return Map.of("sendParent", event);
    }
    Map<String, Object> send = new LinkedHashMap<>();
    send.put("event", event);
    send.put("payload", payload);
    return Map.of("sendParent", send);
  }
}
