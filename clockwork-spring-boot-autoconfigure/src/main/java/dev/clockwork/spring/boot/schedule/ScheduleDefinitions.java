package dev.clockwork.spring.boot.schedule;

import dev.clockwork.schedule.ScheduleRequest;
import dev.clockwork.spring.boot.properties.ScheduleProperties;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/** Turns {@code clockwork.schedules.definitions.*} into schedule requests, sorted by id. */
public final class ScheduleDefinitions {
  private ScheduleDefinitions() {}

  public static List<ScheduleRequest> requests(ScheduleProperties schedules) {
    List<ScheduleRequest> requests = new ArrayList<>();
    for (Map.Entry<String, ScheduleProperties.Definition> entry :
        new TreeMap<>(schedules.definitions()).entrySet()) {
      requests.add(request(entry.getKey(), entry.getValue()));
    }
    return requests;
  }

  private static ScheduleRequest request(String id, ScheduleProperties.Definition d) {
    String where = "clockwork.schedules.definitions." + id;
    ScheduleRequest.Builder builder = ScheduleRequest.builder(id);
    if (d.machine() != null && d.event() == null) {
      builder.startMachine(d.machine(), d.input());
    } else if (d.event() != null && d.instanceId() != null && d.machine() == null) {
      builder.sendEvent(d.instanceId(), d.event(), d.input());
    } else {
      throw new IllegalArgumentException(
          where
              + ": set either 'machine' (each occurrence starts an instance of it) or"
              + " 'instance-id' and 'event' (each occurrence sends the event to that instance)");
    }
    if (d.cron().isEmpty() && d.interval().isEmpty()) {
      throw new IllegalArgumentException(
          where + ": set 'cron' (e.g. 0 2 * * *) or 'interval' (e.g. 15 minutes), or both");
    }
    d.cron().forEach(builder::cron);
    d.interval().forEach(builder::interval);
    if (d.timezone() != null) {
      builder.timezone(d.timezone());
    }
    if (d.overlapPolicy() != null) {
      builder.overlapPolicy(d.overlapPolicy());
    }
    if (d.queue() != null) {
      builder.queue(d.queue());
    }
    return builder.build();
  }
}
