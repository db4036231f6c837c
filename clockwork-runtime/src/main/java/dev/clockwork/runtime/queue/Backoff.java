package dev.clockwork.runtime.queue;

import java.time.Duration;
import java.util.Objects;
import java.util.concurrent.ThreadLocalRandom;
import java.util.random.RandomGenerator;

/**
 * How long to wait before the next attempt of something that failed: {@code initialDelay}, then
 * twice as long each time (exponential) or the same each time (linear), never more than {@code
 * maxDelay}; with {@code jitter}, each wait is shortened by a random part of up to that fraction of
 * itself, so that many failures at once are not all retried at the same instant. Queue retries
 * ({@link RetryPolicy}) and the server's callbacks wait by it.
 *
 * @param exponential true for 1 s, 2 s, 4 s…; false for 1 s, 1 s, 1 s…
 * @param initialDelay the wait after the first failed attempt (zero or more)
 * @param maxDelay the longest wait (at least {@code initialDelay})
 * @param jitter from 0 (the default: every wait as computed) to 1 (any wait from zero to it)
 */
public record Backoff(
    boolean exponential, Duration initialDelay, Duration maxDelay, double jitter) {

  /**
   * Checks every value.
   *
   * @throws IllegalArgumentException naming the value that is wrong
   */
  public Backoff {
    Objects.requireNonNull(initialDelay, "initialDelay");
    Objects.requireNonNull(maxDelay, "maxDelay");
    if (initialDelay.isNegative()) {
      throw new IllegalArgumentException(
          "backoff initialDelay must be zero or more, not " + initialDelay);
    }
    if (maxDelay.compareTo(initialDelay) < 0) {
      throw new IllegalArgumentException(
          "backoff maxDelay " + maxDelay + " is shorter than its initial delay " + initialDelay);
    }
    if (!(jitter >= 0 && jitter <= 1)) {
      throw new IllegalArgumentException("backoff jitter must be from 0 to 1, not " + jitter);
    }
  }

  /** {@code initial}, doubling after each failure up to {@code max}; no jitter. */
  public static Backoff exponential(Duration initial, Duration max) {
    return new Backoff(true, initial, max, 0);
  }

  /** {@code delay} after every failure; no jitter. */
  public static Backoff linear(Duration delay) {
    return new Backoff(false, delay, delay, 0);
  }

  /** The same backoff with {@code fraction} of jitter (0 to 1). */
  public Backoff withJitter(double fraction) {
    return new Backoff(exponential, initialDelay, maxDelay, fraction);
  }

  /** The wait after failed attempt number {@code attempt} (1-based), jitter drawn at random. */
  public Duration delayAfter(int attempt) {
    return delayAfter(attempt, ThreadLocalRandom.current());
  }

  /** {@link #delayAfter(int)} drawing the jitter from {@code random}. */
  public Duration delayAfter(int attempt, RandomGenerator random) {
    Duration delay = initialDelay;
    for (int i = 1; exponential && i < attempt && delay.compareTo(maxDelay) < 0; i++) {
      delay = delay.multipliedBy(2);
    }
    delay = delay.compareTo(maxDelay) > 0 ? maxDelay : delay;
    if (jitter == 0 || delay.isZero()) {
      return delay;
    }
    long cut = (long) (delay.toNanos() * jitter * random.nextDouble());
    return delay.minusNanos(cut);
  }
}
