package dev.clockwork.runtime.admin;

import dev.clockwork.runtime.listener.ProcessedEvent;
import dev.clockwork.runtime.store.ActivitySample;
import dev.clockwork.runtime.store.DurationHistogram;
import java.time.Duration;
import java.time.Instant;

/**
 * One machine's minute as an engine counts it between flushes: mutable, so counting an event
 * allocates nothing; guarded by its {@link ActivityRecorder}.
 */
final class MinuteCounts {
  private long completed;
  private long processed;
  private long processingNanos;
  private long deadLettered;
  private long[] processingTimes = new long[DurationHistogram.BUCKETS];
  private long[] timerLateness = new long[DurationHistogram.BUCKETS];
  private Long backlog;

  void count(ProcessedEvent event, boolean timerFire) {
    processed++;
    if (event.outcome() == ProcessedEvent.Outcome.APPLIED) {
      completed++;
    }
    if (event.outcome() == ProcessedEvent.Outcome.DEAD_LETTERED) {
      deadLettered++;
    }
    processingNanos += event.took().toNanos();
    processingTimes[DurationHistogram.bucketOf(event.took())]++;
    if (timerFire && event.attempt() == 1) {
      timerLateness[DurationHistogram.bucketOf(event.waited())]++;
    }
  }

  void backlog(long pending) {
    backlog = backlog == null ? pending : Math.max(backlog, pending);
  }

  /** Both minutes' counts in one (the first, changed). */
  static MinuteCounts plus(MinuteCounts a, MinuteCounts b) {
    a.completed += b.completed;
    a.processed += b.processed;
    a.processingNanos += b.processingNanos;
    a.deadLettered += b.deadLettered;
    for (int i = 0; i < DurationHistogram.BUCKETS; i++) {
      a.processingTimes[i] += b.processingTimes[i];
      a.timerLateness[i] += b.timerLateness[i];
    }
    if (b.backlog != null) {
      a.backlog(b.backlog);
    }
    return a;
  }

  ActivitySample sample(String machine, Instant minute) {
    return new ActivitySample(
        machine,
        minute,
        completed,
        processed,
        Duration.ofNanos(processingNanos),
        deadLettered,
        DurationHistogram.ofCounts(processingTimes),
        DurationHistogram.ofCounts(timerLateness),
        backlog);
  }
}
