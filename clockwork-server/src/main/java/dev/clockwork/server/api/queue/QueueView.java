package dev.clockwork.server.api.queue;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.clockwork.runtime.Engine;
import dev.clockwork.runtime.store.QueueStats;
import java.time.Duration;
import java.time.Instant;
import java.util.List;

/**
 * One machine's queue as the API shows it (the queue seed's status columns): pending and processing
 * events, {@code active} of {@code concurrency} slots in use, dead letters ({@code failed}), the
 * recent average processing time, completed events in the last hour and the throughput, the oldest
 * pending event, and whether the queue is paused. The detail view adds the first pending events.
 */
public record QueueView(
    String machine,
    long pending,
    long processing,
    long active,
    int concurrency,
    long failed,
    Duration avgProcessingTime,
    long completedLastHour,
    double throughputPerMinute,
    Instant oldestPending,
    boolean paused,
    @JsonInclude(JsonInclude.Include.NON_NULL) List<PendingEventView> pendingEvents) {

  /** The queue of {@code machine} now, with {@code pendingEvents} (null: left out). */
  static QueueView of(Engine engine, String machine, List<PendingEventView> pendingEvents) {
    QueueStats stats = engine.admin().queues().status(machine);
    QueueActivityFigures activity = QueueActivityFigures.of(engine, machine);
    return new QueueView(
        machine,
        stats.pending(),
        stats.processing(),
        stats.processing(),
        engine.settings().queue(machine).concurrency(),
        stats.deadLetters(),
        activity.averageProcessingTime(),
        activity.completed(),
        activity.perMinute(),
        stats.oldestPending(),
        stats.paused(),
        pendingEvents);
  }

  /** Every machine's queue now, as {@code GET /api/queues} (and the dashboard's stream) show it. */
  public static List<QueueView> all(Engine engine) {
    return MachineNames.all(engine).stream().map(machine -> of(engine, machine, null)).toList();
  }
}
