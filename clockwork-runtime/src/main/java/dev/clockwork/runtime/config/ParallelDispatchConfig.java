package dev.clockwork.runtime.config;

import java.time.Duration;
import java.util.Objects;

/**
 * One machine's parallel dispatch settings: whether the entry actions of a parallel state's regions
 * run as concurrent durable region jobs instead of one after another in the turn that entered the
 * state, and how those jobs run. Read from the {@code parallel_dispatch:} blocks of {@code
 * clockwork.yaml} (system-wide, then {@code machines.<id>.parallel_dispatch:} merged over it key by
 * key) and from code ({@link SettingsBuilder#parallelDispatch}), which wins over the file.
 *
 * <p>Immutable; change single values with the {@code with…} methods, e.g. {@code
 * ParallelDispatchConfig.DEFAULT.withEnabled(true).withRegionTimeout(Duration.ofMinutes(2))}.
 *
 * @param enabled the master switch (default false): when off, region entry actions run in the turn
 *     that enters the parallel state, as they always have
 * @param queue the queue region jobs are routed to, so dedicated workers can serve them; null
 *     (default) routes them to the default queue
 * @param lockTimeout how long a region job waits for its instance's lease, to apply its result,
 *     before that attempt fails (default 30 s; positive)
 * @param lockTtl how long the instance lease a region job takes lasts before another worker may
 *     take it over, should the job's worker die holding it (default 60 s; positive)
 * @param jobTimeout how long one attempt of a region job may run before it counts as a failed
 *     attempt (default 300 s; positive)
 * @param jobTries attempts a region job gets, the first included, before it fails for good and the
 *     parallel state's failure handling takes over (default 3; 1 or more)
 * @param jobBackoff the wait between a failed attempt and the next (default 30 s; zero or more)
 * @param regionTimeout how long a parallel state may stay active with regions still unfinished
 *     before it counts as stuck; {@link Duration#ZERO} (the default) turns the check off
 */
public record ParallelDispatchConfig(
    boolean enabled,
    String queue,
    Duration lockTimeout,
    Duration lockTtl,
    Duration jobTimeout,
    int jobTries,
    Duration jobBackoff,
    Duration regionTimeout) {

  /** The defaults: off, the default queue, 30 s, 60 s, 300 s, 3 tries, 30 s apart, no timeout. */
  public static final ParallelDispatchConfig DEFAULT =
      new ParallelDispatchConfig(
          false,
          null,
          Duration.ofSeconds(30),
          Duration.ofSeconds(60),
          Duration.ofSeconds(300),
          3,
          Duration.ofSeconds(30),
          Duration.ZERO);

  /**
   * Checks every value.
   *
   * @throws IllegalArgumentException naming the setting, the value and what it must be
   */
  public ParallelDispatchConfig {
    if (queue != null && queue.isBlank()) {
      throw new IllegalArgumentException(
          "queue must be a queue name, not blank; use null for the default queue");
    }
    positive("lockTimeout", lockTimeout);
    positive("lockTtl", lockTtl);
    positive("jobTimeout", jobTimeout);
    if (jobTries < 1) {
      throw new IllegalArgumentException("jobTries must be 1 or more, not " + jobTries);
    }
    notNegative("jobBackoff", jobBackoff, "");
    notNegative("regionTimeout", regionTimeout, " (zero turns the timeout off)");
  }

  /** Whether a parallel state's regions have a time limit ({@code regionTimeout} above zero). */
  public boolean hasRegionTimeout() {
    return !regionTimeout.isZero();
  }

  public ParallelDispatchConfig withEnabled(boolean on) {
    return new ParallelDispatchConfig(
        on, queue, lockTimeout, lockTtl, jobTimeout, jobTries, jobBackoff, regionTimeout);
  }

  /** The same settings routing region jobs to {@code name} (null: the default queue). */
  public ParallelDispatchConfig withQueue(String name) {
    return new ParallelDispatchConfig(
        enabled, name, lockTimeout, lockTtl, jobTimeout, jobTries, jobBackoff, regionTimeout);
  }

  public ParallelDispatchConfig withLockTimeout(Duration duration) {
    return new ParallelDispatchConfig(
        enabled, queue, duration, lockTtl, jobTimeout, jobTries, jobBackoff, regionTimeout);
  }

  public ParallelDispatchConfig withLockTtl(Duration duration) {
    return new ParallelDispatchConfig(
        enabled, queue, lockTimeout, duration, jobTimeout, jobTries, jobBackoff, regionTimeout);
  }

  public ParallelDispatchConfig withJobTimeout(Duration duration) {
    return new ParallelDispatchConfig(
        enabled, queue, lockTimeout, lockTtl, duration, jobTries, jobBackoff, regionTimeout);
  }

  public ParallelDispatchConfig withJobTries(int tries) {
    return new ParallelDispatchConfig(
        enabled, queue, lockTimeout, lockTtl, jobTimeout, tries, jobBackoff, regionTimeout);
  }

  public ParallelDispatchConfig withJobBackoff(Duration duration) {
    return new ParallelDispatchConfig(
        enabled, queue, lockTimeout, lockTtl, jobTimeout, jobTries, duration, regionTimeout);
  }

  /** The same settings with another region timeout ({@link Duration#ZERO}: none). */
  public ParallelDispatchConfig withRegionTimeout(Duration duration) {
    return new ParallelDispatchConfig(
        enabled, queue, lockTimeout, lockTtl, jobTimeout, jobTries, jobBackoff, duration);
  }

  private static void positive(String name, Duration value) {
    Objects.requireNonNull(value, name);
    if (value.isNegative() || value.isZero()) {
      throw new IllegalArgumentException(name + " must be a positive duration, not " + value);
    }
  }

  private static void notNegative(String name, Duration value, String note) {
    Objects.requireNonNull(value, name);
    if (value.isNegative()) {
      throw new IllegalArgumentException(name + " must be zero or more" + note + ", not " + value);
    }
  }
}
