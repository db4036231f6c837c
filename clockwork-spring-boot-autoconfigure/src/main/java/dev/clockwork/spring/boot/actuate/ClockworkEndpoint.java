package dev.clockwork.spring.boot.actuate;

import dev.clockwork.runtime.Engine;
import dev.clockwork.runtime.instance.NamespacedIds;
import dev.clockwork.runtime.queue.AttemptError;
import dev.clockwork.runtime.queue.DeadLetter;
import dev.clockwork.runtime.store.QueueStats;
import dev.clockwork.schedule.ScheduleDescription;
import dev.clockwork.schedule.Schedules;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import org.springframework.boot.actuate.endpoint.annotation.Endpoint;
import org.springframework.boot.actuate.endpoint.annotation.ReadOperation;

/**
 * The read-only {@code clockwork} actuator endpoint ({@code /actuator/clockwork}): every machine's
 * queue, its newest dead letters, and the schedules of the configured namespace. Changing anything
 * (retrying a dead letter, pausing a queue) is the CLI's and the HTTP API's business, not this
 * endpoint's. Keys are snake_case, as in Clockwork's HTTP API, and instances are named by their
 * namespace and plain id.
 */
@Endpoint(id = "clockwork")
public class ClockworkEndpoint {
  /** Dead letters listed per machine, newest first. */
  public static final int DEAD_LETTERS_PER_MACHINE = 20;

  private final Engine engine;
  private final Schedules schedules;

  /** The endpoint over {@code engine} and, when there are any, its {@code schedules} (or null). */
  public ClockworkEndpoint(Engine engine, Schedules schedules) {
    this.engine = engine;
    this.schedules = schedules;
  }

  @ReadOperation
  public Map<String, Object> clockwork() {
    Map<String, Object> body = new LinkedHashMap<>();
    body.put("machines", engine.machines().ids());
    body.put(
        "queues", engine.admin().queues().status().stream().map(ClockworkEndpoint::queue).toList());
    Map<String, Object> deadLetters = new LinkedHashMap<>();
    for (String machine : engine.machines().ids()) {
      deadLetters.put(
          machine,
          engine.admin().queues().deadLetters(machine, DEAD_LETTERS_PER_MACHINE).stream()
              .map(ClockworkEndpoint::deadLetter)
              .toList());
    }
    body.put("dead_letters", deadLetters);
    if (schedules != null) {
      body.put("schedule_namespace", schedules.namespace());
      body.put("schedules", schedules.list().stream().map(ClockworkEndpoint::schedule).toList());
    }
    return body;
  }

  private static Map<String, Object> queue(QueueStats stats) {
    Map<String, Object> queue = new LinkedHashMap<>();
    queue.put("machine", stats.machine());
    queue.put("pending", stats.pending());
    queue.put("processing", stats.processing());
    queue.put("dead_letters", stats.deadLetters());
    queue.put("paused", stats.paused());
    queue.put("oldest_pending", text(stats.oldestPending()));
    return queue;
  }

  private static Map<String, Object> deadLetter(DeadLetter letter) {
    Map<String, Object> row = new LinkedHashMap<>();
    row.put("id", letter.id());
    String stored = letter.event().instanceId();
    row.put("namespace", NamespacedIds.namespaceOf(stored));
    row.put("instance_id", NamespacedIds.idOf(stored));
    row.put("event", letter.event().event().type());
    row.put("attempts", letter.event().attempts());
    row.put("dead_at", text(letter.deadAt()));
    row.put("last_error", letter.event().lastError().map(AttemptError::error).orElse(null));
    return row;
  }

  private static Map<String, Object> schedule(ScheduleDescription schedule) {
    Map<String, Object> row = new LinkedHashMap<>();
    row.put("id", schedule.scheduleId());
    row.put("status", schedule.status().wireName());
    row.put("next_fire_at", text(schedule.record().nextFireAt()));
    row.put("last_fired_at", text(schedule.record().lastFiredAt()));
    row.put("fires", schedule.record().firesCount());
    row.put("upcoming", schedule.upcomingFireTimes().stream().map(Instant::toString).toList());
    return row;
  }

  private static String text(Instant instant) {
    return instant == null ? null : instant.toString();
  }
}
