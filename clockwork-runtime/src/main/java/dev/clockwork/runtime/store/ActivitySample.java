package dev.clockwork.runtime.store;

import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Objects;

/**
 * What one engine processed of one machine in one minute, since it last reported: added to the
 * minute's counts by {@link ActivityStore#record}.
 *
 * @param machine the machine
 * @param minute the minute the events were committed in (truncated to the minute)
 * @param completed events (and timer fires) applied
 * @param processed attempts settled, whatever their outcome (applied, retrying, dead-lettered,
 *     discarded)
 * @param processingTime the processing time of those attempts, summed
 */
public record ActivitySample(
    String machine, Instant minute, long completed, long processed, Duration processingTime) {

  public ActivitySample {
    Objects.requireNonNull(machine, "machine");
    minute = minute.truncatedTo(ChronoUnit.MINUTES);
    Objects.requireNonNull(processingTime, "processingTime");
  }
}
