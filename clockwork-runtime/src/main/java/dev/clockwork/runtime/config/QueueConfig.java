package dev.clockwork.runtime.config;

import dev.clockwork.runtime.instance.InstanceMetadata;
import dev.clockwork.runtime.instance.MetadataChecks;
import dev.clockwork.runtime.queue.RetryPolicy;
import java.time.Duration;

/**
 * One machine's queue settings, after the system defaults and the machine's overrides are merged.
 * The defaults are the queue seed's: fifo, concurrency 10, timeout 30 seconds, 3 attempts with
 * exponential backoff from 1 second to 5 minutes, dead letters kept 7 days, instances served from
 * the {@value InstanceMetadata#DEFAULT_QUEUE} queue.
 *
 * @param name the queue new instances of the machine are served from unless created with a queue of
 *     their own ({@code queue.name}): engines serving other queues only do not claim them
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
    String name,
    QueueStrategy strategy,
    int concurrency,
    Duration timeout,
    RetryPolicy retry,
    boolean deadLetterEnabled,
    Duration deadLetterRetention,
    AlertThresholds alerts) {

  public static final QueueConfig DEFAULT =
      new QueueConfig(
          InstanceMetadata.DEFAULT_QUEUE,
          QueueStrategy.FIFO,
          10,
          Duration.ofSeconds(30),
          RetryPolicy.DEFAULT,
          true,
          Duration.ofDays(7),
          AlertThresholds.DEFAULT);

  public QueueConfig {
    name = MetadataChecks.queue("queue.name", name);
  }
}
