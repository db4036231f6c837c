package dev.clockwork.runtime.store;

import java.time.Duration;
import java.time.Instant;
import java.util.Collection;

/**
 * What every engine sharing the store processed of one machine over a window, counted by the
 * minute: the queue seed's Completed, Throughput and Avg Time.
 *
 * @param machine the machine
 * @param from the window's first minute
 * @param to the window's end (excluded)
 * @param completed events (and timer fires) applied
 * @param processed attempts settled, whatever their outcome
 * @param processingTime the processing time of those attempts, summed
 */
public record QueueActivity(
    String machine,
    Instant from,
    Instant to,
    long completed,
    long processed,
    Duration processingTime) {

  /** No activity of {@code machine} in the window. */
  public static QueueActivity none(String machine, Instant from, Instant to) {
    return new QueueActivity(machine, from, to, 0, 0, Duration.ZERO);
  }

  /** The sums of {@code minutes} (each a minute of {@code machine}) over the window. */
  public static QueueActivity of(
      String machine, Instant from, Instant to, Collection<ActivitySample> minutes) {
    long completed = 0;
    long processed = 0;
    Duration processingTime = Duration.ZERO;
    for (ActivitySample minute : minutes) {
      completed += minute.completed();
      processed += minute.processed();
      processingTime = processingTime.plus(minute.processingTime());
    }
    return new QueueActivity(machine, from, to, completed, processed, processingTime);
  }

  /** The average processing time of an attempt, null when none was processed. */
  public Duration averageProcessingTime() {
    return processed == 0 ? null : processingTime.dividedBy(processed);
  }

  /** Completed events per second over the window. */
  public double completedPerSecond() {
    long millis = Duration.between(from, to).toMillis();
    return millis <= 0 ? 0 : completed * 1000.0 / millis;
  }

  /** These counts plus {@code more}'s, over this window. */
  public QueueActivity plus(QueueActivity more) {
    return new QueueActivity(
        machine,
        from,
        to,
        completed + more.completed,
        processed + more.processed,
        processingTime.plus(more.processingTime));
  }
}
