package dev.clockwork.runtime.config;

import java.time.Duration;
import java.util.Map;

/** A {@code queue.alerts} block made in code; see {@link AlertThresholds}. */
public final class AlertSettingsBuilder extends CodeBlock<AlertSettingsBuilder> {
  AlertSettingsBuilder(Map<String, Object> values) {
    super(values);
  }

  /** {@code pending_warning}. */
  public AlertSettingsBuilder pendingWarning(long events) {
    return set("pending_warning", "pendingWarning", events);
  }

  /** {@code pending_critical}. */
  public AlertSettingsBuilder pendingCritical(long events) {
    return set("pending_critical", "pendingCritical", events);
  }

  /** {@code dlq_warning}. */
  public AlertSettingsBuilder dlqWarning(long deadLetters) {
    return set("dlq_warning", "dlqWarning", deadLetters);
  }

  /** {@code dlq_critical}. */
  public AlertSettingsBuilder dlqCritical(long deadLetters) {
    return set("dlq_critical", "dlqCritical", deadLetters);
  }

  /** {@code processing_time_warning}. */
  public AlertSettingsBuilder processingTimeWarning(Duration average) {
    return set("processing_time_warning", "processingTimeWarning", average);
  }

  /** {@code processing_time_critical}. */
  public AlertSettingsBuilder processingTimeCritical(Duration average) {
    return set("processing_time_critical", "processingTimeCritical", average);
  }
}
