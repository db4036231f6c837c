package dev.clockwork.runtime.config;

import dev.clockwork.runtime.queue.RetryPolicy;
import java.lang.management.ManagementFactory;
import java.time.Duration;
import java.util.Objects;

/**
 * How an engine runs: worker threads, leases, batches, the timer sweep and retries. Immutable;
 * build with {@link #builder()}, every setting has a named default.
 *
 * @param workers worker threads started by {@link Engine#start()} (default 2)
 * @param owner the name leases are taken under (default {@code <pid@host>-<random>})
 * @param leaseTime how long a lease lasts without renewal (default 30 s); a crashed worker's
 *     instances are taken over after it
 * @param lockTimeout how long a synchronous send waits for a busy instance (default 10 s)
 * @param batchSize instances claimed per round (default 50)
 * @param eventsPerClaim events processed per claimed instance per round (default 20)
 * @param timerBatchSize due timers moved into queues per store round trip (default 100)
 * @param sweepInterval how often workers sweep due timers (default 500 ms)
 * @param pollInterval the longest an idle worker waits before looking again (default 1 s)
 * @param backpressureThreshold pending events above which the sweep waits (default 10,000)
 * @param retry how failed events are retried (default 3 attempts, exponential from 1 s)
 */
public record EngineOptions(
    int workers,
    String owner,
    Duration leaseTime,
    Duration lockTimeout,
    int batchSize,
    int eventsPerClaim,
    int timerBatchSize,
    Duration sweepInterval,
    Duration pollInterval,
    long backpressureThreshold,
    RetryPolicy retry) {

  public EngineOptions {
    positive("workers", workers);
    positive("batchSize", batchSize);
    positive("eventsPerClaim", eventsPerClaim);
    positive("timerBatchSize", timerBatchSize);
    positive("backpressureThreshold", backpressureThreshold);
    Objects.requireNonNull(owner, "owner");
    Objects.requireNonNull(retry, "retry");
    for (Duration d : new Duration[] {leaseTime, lockTimeout, sweepInterval, pollInterval}) {
      if (d.isNegative() || d.isZero()) {
        throw new IllegalArgumentException("engine durations must be positive, got " + d);
      }
    }
  }

  public static Builder builder() {
    return new Builder();
  }

  private static void positive(String name, long value) {
    if (value < 1) {
      throw new IllegalArgumentException(name + " must be 1 or more, not " + value);
    }
  }

  /** Builds {@link EngineOptions}; unset values take their defaults. */
  public static final class Builder {
    private int workers = 2;
    private String owner =
        ManagementFactory.getRuntimeMXBean().getName()
            + "-"
            + java.util.UUID.randomUUID().toString().substring(0, 8);
    private Duration leaseTime = Duration.ofSeconds(30);
    private Duration lockTimeout = Duration.ofSeconds(10);
    private int batchSize = 50;
    private int eventsPerClaim = 20;
    private int timerBatchSize = 100;
    private Duration sweepInterval = Duration.ofMillis(500);
    private Duration pollInterval = Duration.ofSeconds(1);
    private long backpressureThreshold = 10_000;
    private RetryPolicy retry = RetryPolicy.DEFAULT;

    private Builder() {}

    public Builder workers(int count) {
      this.workers = count;
      return this;
    }

    public Builder owner(String name) {
      this.owner = name;
      return this;
    }

    public Builder leaseTime(Duration duration) {
      this.leaseTime = duration;
      return this;
    }

    public Builder lockTimeout(Duration duration) {
      this.lockTimeout = duration;
      return this;
    }

    public Builder batchSize(int instances) {
      this.batchSize = instances;
      return this;
    }

    public Builder eventsPerClaim(int events) {
      this.eventsPerClaim = events;
      return this;
    }

    public Builder timerBatchSize(int timers) {
      this.timerBatchSize = timers;
      return this;
    }

    public Builder sweepInterval(Duration duration) {
      this.sweepInterval = duration;
      return this;
    }

    public Builder pollInterval(Duration duration) {
      this.pollInterval = duration;
      return this;
    }

    public Builder backpressureThreshold(long pendingEvents) {
      this.backpressureThreshold = pendingEvents;
      return this;
    }

    public Builder retry(RetryPolicy policy) {
      this.retry = policy;
      return this;
    }

    public EngineOptions build() {
      return new EngineOptions(
          workers,
          owner,
          leaseTime,
          lockTimeout,
          batchSize,
          eventsPerClaim,
          timerBatchSize,
          sweepInterval,
          pollInterval,
          backpressureThreshold,
          retry);
    }
  }
}
