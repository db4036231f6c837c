package dev.clockwork.server.api.queue;

import dev.clockwork.runtime.Engine;
import java.time.Duration;

/** What a machine's queue processed over the last hour: completed, per minute, average time. */
record QueueActivityFigures(long completed, double perMinute, Duration averageProcessingTime) {
  static QueueActivityFigures lastHour(Engine engine, String machine) {
    // replaced by the store's activity minutes when the runtime has them (branch cli-gaps)
    return new QueueActivityFigures(0, 0, null);
  }
}
