package dev.clockwork.opentelemetry;

import dev.clockwork.core.event.Event;
import dev.clockwork.runtime.listener.ProcessedEvent;
import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.api.common.Attributes;
import io.opentelemetry.api.common.AttributesBuilder;
import java.util.List;
import java.util.Locale;

/** The attributes Clockwork's spans carry, under {@code clockwork.*}. */
public final class SpanAttributes {
  public static final AttributeKey<String> MACHINE = AttributeKey.stringKey("clockwork.machine");
  public static final AttributeKey<String> NAMESPACE =
      AttributeKey.stringKey("clockwork.namespace");
  public static final AttributeKey<String> INSTANCE =
      AttributeKey.stringKey("clockwork.instance_id");
  public static final AttributeKey<String> EVENT = AttributeKey.stringKey("clockwork.event.type");
  public static final AttributeKey<Long> EVENT_ID = AttributeKey.longKey("clockwork.event.id");
  public static final AttributeKey<String> SOURCE =
      AttributeKey.stringKey("clockwork.event.source");
  public static final AttributeKey<Long> ATTEMPT = AttributeKey.longKey("clockwork.attempt");
  public static final AttributeKey<String> OUTCOME = AttributeKey.stringKey("clockwork.outcome");
  public static final AttributeKey<List<String>> FROM =
      AttributeKey.stringArrayKey("clockwork.transition.from");
  public static final AttributeKey<List<String>> TO =
      AttributeKey.stringArrayKey("clockwork.transition.to");
  public static final AttributeKey<String> SCHEDULE =
      AttributeKey.stringKey("clockwork.schedule.id");
  public static final AttributeKey<String> OCCURRENCE =
      AttributeKey.stringKey("clockwork.schedule.occurrence_time");

  static final String SCHEDULE_TRIGGERED = "ScheduleTriggered";

  private SpanAttributes() {}

  static Attributes event(String machine, String namespace, String instanceId, String type) {
    return Attributes.of(MACHINE, machine, NAMESPACE, namespace, INSTANCE, instanceId, EVENT, type);
  }

  static Attributes processed(ProcessedEvent e) {
    AttributesBuilder attributes =
        event(e.machine(), e.namespace(), e.instanceId(), e.type()).toBuilder()
            .put(SOURCE, e.source())
            .put(ATTEMPT, (long) e.attempt())
            .put(OUTCOME, e.outcome().name().toLowerCase(Locale.ROOT));
    if (e.eventId() != 0) {
      attributes.put(EVENT_ID, e.eventId());
    }
    return attributes.build();
  }

  static Attributes transition(ProcessedEvent e) {
    return Attributes.of(
        MACHINE,
        e.machine(),
        INSTANCE,
        e.instanceId(),
        FROM,
        e.statesBefore(),
        TO,
        e.statesAfter());
  }

  static Attributes scheduleTriggered(
      String machine, String namespace, String instanceId, Event origin) {
    AttributesBuilder attributes =
        Attributes.builder()
            .put(MACHINE, machine)
            .put(NAMESPACE, namespace)
            .put(INSTANCE, instanceId);
    Object schedule = origin.payload().get("schedule_id");
    if (schedule != null) {
      attributes.put(SCHEDULE, schedule.toString());
    }
    Object occurrence = origin.payload().get("occurrence_time");
    if (occurrence != null) {
      attributes.put(OCCURRENCE, occurrence.toString());
    }
    return attributes.build();
  }
}
