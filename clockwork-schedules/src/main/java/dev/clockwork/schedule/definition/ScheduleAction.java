package dev.clockwork.schedule.definition;

import dev.clockwork.core.context.JsonValues;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

/**
 * What a schedule does at each occurrence: start an instance of a machine with an input (the BPMN
 * timer start event), or send an event to an existing instance.
 */
public sealed interface ScheduleAction {

  /** {@code {type: start_machine, machine: ..., input: {...}}} or the send-event form. */
  Map<String, Object> toMap();

  /** Starts a new instance of {@code machine}, its context merged with {@code input}. */
  static StartMachine startMachine(String machine, Map<String, ?> input) {
    return new StartMachine(machine, frozen("action.input", input));
  }

  /** Enqueues {@code event} with {@code payload} to the instance {@code instanceId}. */
  static SendEvent sendEvent(String instanceId, String event, Map<String, ?> payload) {
    return new SendEvent(instanceId, event, frozen("action.payload", payload));
  }

  /**
   * An action written as a map: {@code {machine: report, input: {...}}} (also {@code workflow_type}
   * for {@code machine}) or {@code {instance_id: order-1, event: REMIND, payload: {...}}}.
   */
  static ScheduleAction fromMap(Map<String, ?> map) {
    SpecMaps.checkKeys(
        "action",
        map,
        Set.of("type", "machine", "workflow_type", "input", "instance_id", "event", "payload"));
    Object type = map.get("type");
    boolean send = "send_event".equals(type) || (type == null && map.containsKey("instance_id"));
    if (type != null && !send && !"start_machine".equals(type)) {
      throw new InvalidScheduleException(
          "action.type '" + type + "' is unknown; use start_machine or send_event");
    }
    if (send) {
      return sendEvent(
          SpecMaps.text("action.instance_id", map.get("instance_id")),
          SpecMaps.text("action.event", map.get("event")),
          payload("action.payload", map.get("payload")));
    }
    Object machine = map.containsKey("machine") ? map.get("machine") : map.get("workflow_type");
    return startMachine(
        SpecMaps.text("action.machine", machine), payload("action.input", map.get("input")));
  }

  private static Map<String, ?> payload(String where, Object value) {
    if (value == null) {
      return Map.of();
    }
    if (!(value instanceof Map<?, ?>)) {
      throw new InvalidScheduleException(where + " must be a map; found " + value);
    }
    return SpecMaps.stringKeys(where, (Map<?, ?>) value);
  }

  private static Map<String, Object> frozen(String where, Map<String, ?> values) {
    try {
      @SuppressWarnings("unchecked")
      Map<String, Object> checked =
          (Map<String, Object>) JsonValues.checked(where, values == null ? Map.of() : values);
      return checked;
    } catch (IllegalArgumentException e) {
      throw new InvalidScheduleException(e.getMessage(), e);
    }
  }

  /**
   * Start an instance of a machine.
   *
   * @param machine the machine id, registered with the engine
   * @param input values merged over the machine's initial context
   */
  record StartMachine(String machine, Map<String, Object> input) implements ScheduleAction {
    public StartMachine {
      if (machine == null || machine.isBlank()) {
        throw new InvalidScheduleException(
            "action.machine is empty; name the machine to start, e.g. startMachine(\"report\","
                + " Map.of())");
      }
      input = frozen("action.input", input);
    }

    @Override
    public Map<String, Object> toMap() {
      Map<String, Object> map = new LinkedHashMap<>();
      map.put("type", "start_machine");
      map.put("machine", machine);
      map.put("input", input);
      return map;
    }
  }

  /**
   * Send an event to an existing instance.
   *
   * @param instanceId the receiving instance
   * @param event the event type
   * @param payload the event's payload
   */
  record SendEvent(String instanceId, String event, Map<String, Object> payload)
      implements ScheduleAction {
    public SendEvent {
      if (instanceId == null || instanceId.isBlank() || event == null || event.isBlank()) {
        throw new InvalidScheduleException(
            "a send-event action needs an instance id and an event type, e.g."
                + " sendEvent(\"order-1\", \"REMIND\", Map.of())");
      }
      payload = frozen("action.payload", payload);
    }

    @Override
    public Map<String, Object> toMap() {
      Map<String, Object> map = new LinkedHashMap<>();
      map.put("type", "send_event");
      map.put("instance_id", instanceId);
      map.put("event", event);
      map.put("payload", payload);
      return map;
    }
  }
}
