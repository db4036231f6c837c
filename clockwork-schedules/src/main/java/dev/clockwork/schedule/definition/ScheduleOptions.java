package dev.clockwork.schedule.definition;

import java.time.Duration;
import java.util.Objects;
import java.util.UUID;

/**
 * How a {@link dev.clockwork.schedule.Schedules} service runs; immutable, with named defaults.
 *
 * @param defaultNamespace the namespace of schedules created without one (default {@code default})
 * @param owner the name claims are taken under (default {@code schedules-<random>})
 * @param claimBatchSize schedules claimed per store round trip in a tick (default 100)
 * @param claimLease how long a claim holds; a node that fails mid-evaluation leaves it to expire,
 *     and the schedule is evaluated again after it (default 30 seconds)
 * @param maxOccurrencesPerClaim occurrences one claim evaluates before the schedule goes back for
 *     the next round (catch-up all; default 100)
 * @param maxTriggersPerTick occurrences one tick evaluates in all, so a long catch-up spreads over
 *     several ticks (default 10,000)
 * @param maxMissedRecords missed occurrences recorded one by one per evaluation; beyond that, the
 *     last record says more were skipped (default 1,000)
 * @param maxBackfillOccurrences the most occurrences one backfill call may enumerate (default
 *     10,000)
 * @param upcomingCount next fire times shown by {@code describe} (default 5)
 */
public record ScheduleOptions(
    String defaultNamespace,
    String owner,
    int claimBatchSize,
    Duration claimLease,
    int maxOccurrencesPerClaim,
    int maxTriggersPerTick,
    int maxMissedRecords,
    int maxBackfillOccurrences,
    int upcomingCount) {
  public ScheduleOptions {
    Objects.requireNonNull(defaultNamespace, "defaultNamespace");
    Objects.requireNonNull(owner, "owner");
    Objects.requireNonNull(claimLease, "claimLease");
    positive("claimBatchSize", claimBatchSize);
    positive("maxOccurrencesPerClaim", maxOccurrencesPerClaim);
    positive("maxTriggersPerTick", maxTriggersPerTick);
    positive("maxMissedRecords", maxMissedRecords);
    positive("maxBackfillOccurrences", maxBackfillOccurrences);
    if (upcomingCount < 0) {
      throw new IllegalArgumentException("upcomingCount must be 0 or more; got " + upcomingCount);
    }
    if (claimLease.isNegative() || claimLease.isZero()) {
      throw new IllegalArgumentException("claimLease must be positive; got " + claimLease);
    }
    ScheduleNames.check("namespace", defaultNamespace);
  }

  private static void positive(String name, int value) {
    if (value < 1) {
      throw new IllegalArgumentException(name + " must be at least 1; got " + value);
    }
  }

  /** The defaults. */
  public static ScheduleOptions defaults() {
    return builder().build();
  }

  public static Builder builder() {
    return new Builder();
  }

  /** Builds {@link ScheduleOptions}; every setting has a default. */
  public static final class Builder {
    private String defaultNamespace = "default";
    private String owner = "schedules-" + UUID.randomUUID();
    private int claimBatchSize = 100;
    private Duration claimLease = Duration.ofSeconds(30);
    private int maxOccurrencesPerClaim = 100;
    private int maxTriggersPerTick = 10_000;
    private int maxMissedRecords = 1_000;
    private int maxBackfillOccurrences = 10_000;
    private int upcomingCount = 5;

    private Builder() {}

    public Builder defaultNamespace(String value) {
      this.defaultNamespace = value;
      return this;
    }

    public Builder owner(String value) {
      this.owner = value;
      return this;
    }

    public Builder claimBatchSize(int value) {
      this.claimBatchSize = value;
      return this;
    }

    public Builder claimLease(Duration value) {
      this.claimLease = value;
      return this;
    }

    public Builder maxOccurrencesPerClaim(int value) {
      this.maxOccurrencesPerClaim = value;
      return this;
    }

    public Builder maxTriggersPerTick(int value) {
      this.maxTriggersPerTick = value;
      return this;
    }

    public Builder maxMissedRecords(int value) {
      this.maxMissedRecords = value;
      return this;
    }

    public Builder maxBackfillOccurrences(int value) {
      this.maxBackfillOccurrences = value;
      return this;
    }

    public Builder upcomingCount(int value) {
      this.upcomingCount = value;
      return this;
    }

    public ScheduleOptions build() {
      return new ScheduleOptions(
          defaultNamespace,
          owner,
          claimBatchSize,
          claimLease,
          maxOccurrencesPerClaim,
          maxTriggersPerTick,
          maxMissedRecords,
          maxBackfillOccurrences,
          upcomingCount);
    }
  }
}
