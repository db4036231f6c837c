package dev.clockwork.runtime.store;

import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Objects;

/**
 * What one engine processed of one machine in one minute, since it last reported: added to the
 * minute's counts by {@link ActivityStore#record}. Read back by {@link ActivityStore#minutes}, one
 * sample holds a whole minute: every engine's samples of it added up.
 *
 * @param machine the machine
 * @param minute the minute the events were committed in (truncated to the minute)
 * @param completed events (and timer fires) applied
 * @param processed attempts settled, whatever their outcome (applied, retrying, dead-lettered,
 *     discarded)
 * @param processingTime the processing time of those attempts, summed
 * @param deadLettered attempts that went to the dead letters
 * @param processingTimes the processing time of each attempt, counted in buckets (percentiles)
 * @param timerLateness how late each timer fire started after its due instant, in buckets
 * @param backlog the machine's pending events when sampled in that minute, the largest sample kept;
 *     null when none was sampled
 */
public record ActivitySample(
    String machine,
    Instant minute,
    long completed,
    long processed,
    Duration processingTime,
    long deadLettered,
    DurationHistogram processingTimes,
    DurationHistogram timerLateness,
    Long backlog) {

  public ActivitySample {
    Objects.requireNonNull(machine, "machine");
    minute = minute.truncatedTo(ChronoUnit.MINUTES);
    Objects.requireNonNull(processingTime, "processingTime");
    processingTimes = processingTimes == null ? DurationHistogram.empty() : processingTimes;
    timerLateness = timerLateness == null ? DurationHistogram.empty() : timerLateness;
  }

  /** Counts only: no dead letters, no durations in buckets, no backlog sampled. */
  public ActivitySample(
      String machine, Instant minute, long completed, long processed, Duration processingTime) {
    this(machine, minute, completed, processed, processingTime, 0, null, null, null);
  }

  /** A backlog sample alone: the machine's pending events at {@code at}. */
  public static ActivitySample backlog(String machine, Instant at, long pending) {
    return new ActivitySample(machine, at, 0, 0, Duration.ZERO, 0, null, null, pending);
  }

  /** Both samples of one minute added up; the backlog is the larger one. */
  public ActivitySample plus(ActivitySample more) {
    Long larger =
        backlog == null
            ? more.backlog
            : more.backlog == null ? backlog : Long.valueOf(Math.max(backlog, more.backlog));
    return new ActivitySample(
        machine,
        minute,
        completed + more.completed,
        processed + more.processed,
        processingTime.plus(more.processingTime),
        deadLettered + more.deadLettered,
        processingTimes.plus(more.processingTimes),
        timerLateness.plus(more.timerLateness),
        larger);
  }
}
