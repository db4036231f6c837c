package dev.clockwork.server.api.queue;

import dev.clockwork.runtime.store.ActivitySample;
import dev.clockwork.runtime.store.DurationHistogram;
import java.time.Duration;
import java.time.Instant;

/**
 * One minute of a machine's activity as the charts plot it: the rate of applied events, attempts,
 * dead letters, processing time p50/p95 and timer lateness p95 in milliseconds (null when nothing
 * was measured), and the backlog (null when no engine sampled it).
 */
record ActivityPoint(
    Instant minute,
    double eventsPerSecond,
    long completed,
    long processed,
    long deadLettered,
    Double processingP50Ms,
    Double processingP95Ms,
    long timerFires,
    Double timerLatenessP95Ms,
    Long backlog) {

  static ActivityPoint of(ActivitySample sample) {
    return new ActivityPoint(
        sample.minute(),
        sample.completed() / 60.0,
        sample.completed(),
        sample.processed(),
        sample.deadLettered(),
        millis(sample.processingTimes(), 0.5),
        millis(sample.processingTimes(), 0.95),
        sample.timerLateness().count(),
        millis(sample.timerLateness(), 0.95),
        sample.backlog());
  }

  /** A minute no engine reported anything of. */
  static ActivityPoint none(Instant minute) {
    return new ActivityPoint(minute, 0, 0, 0, 0, null, null, 0, null, null);
  }

  private static Double millis(DurationHistogram histogram, double quantile) {
    Duration percentile = histogram.percentile(quantile);
    return percentile == null ? null : percentile.toNanos() / 1_000_000.0;
  }
}
