package dev.clockwork.runtime.metrics;

import java.time.Duration;

/**
 * Hears what the queue processor does, event by event: the seam for metrics. Called on worker
 * threads; implementations must be thread-safe and fast.
 */
public interface QueueListener {
  /** A listener that hears nothing. */
  QueueListener NONE = new QueueListener() {};

  /** An event was processed and committed; it waited {@code waited} since it was enqueued. */
  default void completed(String machine, Duration waited, Duration took) {}

  /** An event failed an attempt. */
  default void failed(String machine, boolean retryable) {}

  /** A failed event was put back for another attempt. */
  default void retried(String machine) {}

  /** A failed event went to the dead letter queue. */
  default void deadLettered(String machine) {}
}
