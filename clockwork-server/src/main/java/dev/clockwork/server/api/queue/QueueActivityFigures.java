package dev.clockwork.server.api.queue;

import dev.clockwork.runtime.Engine;
import dev.clockwork.runtime.store.QueueActivity;
import java.time.Duration;

/**
 * What a machine's queue processed, as every engine sharing the store reported it: events completed
 * in the last hour, and the throughput and average processing time over the last 5 minutes (the
 * windows {@code clockwork queue status} shows).
 */
record QueueActivityFigures(long completed, double perMinute, Duration averageProcessingTime) {
  static final Duration COMPLETED_WINDOW = Duration.ofHours(1);
  static final Duration RECENT_WINDOW = Duration.ofMinutes(5);

  static QueueActivityFigures of(Engine engine, String machine) {
    QueueActivity hour = engine.admin().queues().activity(machine, COMPLETED_WINDOW);
    QueueActivity recent = engine.admin().queues().activity(machine, RECENT_WINDOW);
    return new QueueActivityFigures(
        hour.completed(), recent.completedPerSecond() * 60, recent.averageProcessingTime());
  }
}
