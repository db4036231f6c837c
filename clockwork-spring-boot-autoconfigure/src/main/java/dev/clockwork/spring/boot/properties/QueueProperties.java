package dev.clockwork.spring.boot.properties;

import dev.clockwork.runtime.config.QueueStrategy;
import java.time.Duration;

/**
 * A {@code queue} block ({@code clockwork.queue.*} or {@code clockwork.machines.<id>.queue.*}).
 *
 * @param name the queue a machine's new instances are served from
 * @param strategy fifo or priority
 * @param concurrency instances of a machine processed at once, across every node
 * @param timeout how long one event may run
 * @param retry retries of failed events
 * @param deadLetter the dead letter queue
 * @param alerts the health thresholds
 */
public record QueueProperties(
    String name,
    QueueStrategy strategy,
    Integer concurrency,
    Duration timeout,
    Retry retry,
    DeadLetter deadLetter,
    Alerts alerts) {

  /**
   * Retries of failed events.
   *
   * @param maxAttempts attempts before an event goes to the dead letters
   * @param backoff linear or exponential
   * @param initialDelay the first wait
   * @param maxDelay the longest wait
   * @param jitter the random part (0 to 1) each wait may be shortened by
   */
  public record Retry(
      Integer maxAttempts,
      String backoff,
      Duration initialDelay,
      Duration maxDelay,
      Double jitter) {}

  /**
   * The dead letter queue.
   *
   * @param enabled whether failed events are kept (else dropped)
   * @param retention how long they are kept
   */
  public record DeadLetter(Boolean enabled, Duration retention) {}

  /**
   * Health thresholds.
   *
   * @param pendingWarning pending events at which health warns
   * @param pendingCritical pending events at which health is critical (DOWN)
   * @param dlqWarning dead letters at which health warns
   * @param dlqCritical dead letters at which health is critical (DOWN)
   * @param processingTimeWarning average processing time at which health warns
   * @param processingTimeCritical average processing time at which health is critical (DOWN)
   */
  public record Alerts(
      Long pendingWarning,
      Long pendingCritical,
      Long dlqWarning,
      Long dlqCritical,
      Duration processingTimeWarning,
      Duration processingTimeCritical) {}
}
