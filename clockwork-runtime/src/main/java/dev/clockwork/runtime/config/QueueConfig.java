package dev.clockwork.runtime.config;

import dev.clockwork.runtime.queue.RetryPolicy;
import java.time.Duration;

/**
 * One machine's queue settings, after the system defaults and the machine's overrides are merged.
 * The defaults are the queue seed's: fifo, concurrency 10, timeout 30 seconds, 3 attempts with
 * exponential backoff from 1 second to 5 minutes, dead letters kept 7 days.
 *
 * @param strategy fifo or priority
 * @param concurrency instances of the machine processed at once, across every node
 * @param timeout the longest one event may take before it counts as a (retryable) failure
 * @param retry how failures are retried
 * @param deadLetterEnabled whether events that fail for good are kept in the dead letters (true) or
 *     discarded with a history row, a log line and a metric (false)
 * @param deadLetterRetention how long dead letters are kept
 * @param alerts health thresholds
 */
public record QueueConfig(
    QueueStrategy strategy,
    int concurrency,
    Duration timeout,
    RetryPolicy retry,
    boolean deadLetterEnabled,
    Duration deadLetterRetention,
    AlertThresholds alerts) {

  public static final QueueConfig DEFAULT =
      new QueueConfig(
          QueueStrategy.FIFO,
          10,
          Duration.ofSeconds(30),
          RetryPolicy.DEFAULT,
          true,
          Duration.ofDays(7),
          AlertThresholds.DEFAULT);

  /** The same settings with another retry policy. */
  public QueueConfig withRetry(RetryPolicy policy) {
    return new QueueConfig(
        strategy, concurrency, timeout, policy, deadLetterEnabled, deadLetterRetention, alerts);
  }
}
