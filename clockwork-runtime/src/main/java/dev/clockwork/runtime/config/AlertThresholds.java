package dev.clockwork.runtime.config;

import java.time.Duration;

/**
 * When a machine's queue health turns warning or critical.
 *
 * @param pendingWarning pending events for a warning (default 100)
 * @param pendingCritical pending events for critical (500)
 * @param dlqWarning dead letters for a warning (10)
 * @param dlqCritical dead letters for critical (50)
 * @param processingTimeWarning processing time for a warning (5 seconds)
 * @param processingTimeCritical processing time for critical (30 seconds)
 */
public record AlertThresholds(
    long pendingWarning,
    long pendingCritical,
    long dlqWarning,
    long dlqCritical,
    Duration processingTimeWarning,
    Duration processingTimeCritical) {

  public static final AlertThresholds DEFAULT =
      new AlertThresholds(100, 500, 10, 50, Duration.ofSeconds(5), Duration.ofSeconds(30));
}
