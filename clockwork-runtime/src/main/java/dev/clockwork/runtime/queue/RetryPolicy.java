package dev.clockwork.runtime.queue;

import java.time.Duration;
import java.util.Objects;

/**
 * How failed events are retried: up to {@code maxAttempts} attempts in all, waiting as {@code
 * backoff} says between them.
 *
 * @param maxAttempts attempts before the event is dead-lettered (3 by default)
 * @param backoff the waits between attempts (exponential from 1 second, capped at 5 minutes)
 */
public record RetryPolicy(int maxAttempts, Backoff backoff) {
  /** Three attempts, exponential from 1 second, capped at 5 minutes. */
  public static final RetryPolicy DEFAULT =
      new RetryPolicy(3, Backoff.exponential(Duration.ofSeconds(1), Duration.ofMinutes(5)));

  public RetryPolicy {
    if (maxAttempts < 1) {
      throw new IllegalArgumentException("retry maxAttempts must be 1 or more, not " + maxAttempts);
    }
    Objects.requireNonNull(backoff, "backoff");
  }

  /** The wait after failed attempt number {@code attempt} (1-based). */
  public Duration delayAfter(int attempt) {
    return backoff.delayAfter(attempt);
  }

  /** True when another attempt is allowed after {@code attemptsMade} failures. */
  public boolean allowsRetryAfter(int attemptsMade) {
    return attemptsMade < maxAttempts;
  }
}
