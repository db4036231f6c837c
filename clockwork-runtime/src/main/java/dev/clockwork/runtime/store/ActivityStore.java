package dev.clockwork.runtime.store;

import java.time.Instant;
import java.util.List;

/**
 * The store's role that keeps queue activity: what every engine processed, by machine and minute
 * (SPI: a role of {@link Store}).
 */
public interface ActivityStore {

  /**
   * Adds each sample's counts and bucket counts to its machine's minute (several engines add to one
   * minute) and keeps the larger backlog. Engines report what they processed every few seconds, not
   * per event.
   */
  void record(List<ActivitySample> samples);

  /** The sums of a machine's minutes in [{@code from}, {@code to}). */
  QueueActivity sum(String machine, Instant from, Instant to);

  /**
   * A machine's minutes in [{@code from}, {@code to}) that hold something, oldest first: one sample
   * per minute, every engine's samples of it added up (the dashboard's charts).
   */
  List<ActivitySample> minutes(String machine, Instant from, Instant to);

  /**
   * Deletes the activity minutes before {@code before}.
   *
   * @return how many minutes of machines were deleted
   */
  int purge(Instant before);
}
