package dev.clockwork.runtime.queue;

import java.time.Duration;

/**
 * How failed events are retried: up to {@code maxAttempts} attempts in all, waiting {@code
 * initialDelay}, then twice as long each time (exponential) or the same each time (linear), never
 * more than {@code maxDelay}.
 *
 * @param maxAttempts attempts before the event is dead-lettered (3 by default)
 * @param initialDelay the wait before the first retry (1 second)
 * @param maxDelay the longest wait (5 minutes)
 * @param exponential true for 1 s, 2 s, 4 s…; false for 1 s, 1 s, 1 s…
 */
public record RetryPolicy(
    int maxAttempts, Duration initialDelay, Duration maxDelay, boolean exponential) {
  /** Three attempts, exponential from 1 second, capped at 5 minutes. */
  public static final RetryPolicy DEFAULT =
      new RetryPolicy(3, Duration.ofSeconds(1), Duration.ofMinutes(5), true);

  public RetryPolicy {
    if (maxAttempts < 1) {
      throw new IllegalArgumentException("retry maxAttempts must be 1 or more, not " + maxAttempts);
    }
    if (initialDelay.isNegative() || maxDelay.compareTo(initialDelay) < 0) {
      throw new IllegalArgumentException(
          "retry delays must satisfy 0 <= initialDelay <= maxDelay, got "
              + initialDelay
              + " and "
              + maxDelay);
    }
  }

  /** The wait after failed attempt number {@code attempt} (1-based). */
  public Duration delayAfter(int attempt) {
    if (!exponential) {
      return initialDelay;
    }
    Duration delay = initialDelay;
    for (int i = 1; i < attempt && delay.compareTo(maxDelay) < 0; i++) {
      delay = delay.multipliedBy(2);
    }
    return delay.compareTo(maxDelay) > 0 ? maxDelay : delay;
  }

  /** True when another attempt is allowed after {@code attemptsMade} failures. */
  public boolean allowsRetryAfter(int attemptsMade) {
    return attemptsMade < maxAttempts;
  }
}
