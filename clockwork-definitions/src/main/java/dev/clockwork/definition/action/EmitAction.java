package dev.clockwork.definition.action;

import dev.clockwork.core.behavior.ActionScope;
import dev.clockwork.core.behavior.Target;
import dev.clockwork.core.event.Event;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * {@code {emit: {event: CHARGE, machine: payment, mode: async, payload: {…}}}}: sends an event to
 * another instance as the core's emit does — to the instance of {@code machine} in this
 * conversation or to the {@code instance} with that id; {@code mode: sync} (the default) processes
 * it inline in this unit of work, {@code async} queues it with this step's commit.
 *
 * @param event the event type sent
 * @param machine the target machine (in this conversation), or null
 * @param instance the target instance id, or null
 * @param async true for {@code mode: async}
 * @param payload the event's payload (constants)
 */
public record EmitAction(
    String event, String machine, String instance, boolean async, Map<String, Object> payload)
    implements BuiltInAction {
  @Override
  public void run(ActionScope scope) {
    Target target = machine != null ? Target.machine(machine) : Target.instance(instance);
    Event sent = Event.of(event, payload);
    if (async) {
      scope.emitAsync(target, sent);
    } else {
      scope.emit(target, sent);
    }
  }

  @Override
  public Map<String, Object> toData() {
    Map<String, Object> emit = new LinkedHashMap<>();
    emit.put("event", event);
    if (machine != null) {
      emit.put("machine", machine);
    } else {
      emit.put("instance", instance);
    }
    emit.put("mode", async ? "async" : "sync");
    if (!payload.isEmpty()) {
      emit.put("payload", payload);
    }
    return Map.of("emit", emit);
  }
}
