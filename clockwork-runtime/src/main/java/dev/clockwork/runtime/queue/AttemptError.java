package dev.clockwork.runtime.queue;

import java.time.Instant;

/**
 * Why one attempt at processing an event failed.
 *
 * @param attempt 1 for the first attempt
 * @param at when it failed
 * @param error the exception's type and message
 */
public record AttemptError(int attempt, Instant at, String error) {
  /** Describes {@code failure} for attempt number {@code attempt}. */
  public static AttemptError of(int attempt, Instant at, Throwable failure) {
    return new AttemptError(
        attempt, at, failure.getClass().getSimpleName() + ": " + failure.getMessage());
  }
}
