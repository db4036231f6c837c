package dev.clockwork.runtime.config;

import java.time.Duration;
import java.util.Map;

/** The {@code timers} block made in code; see {@link TimerSettings}. */
public final class TimerSettingsBuilder extends CodeBlock<TimerSettingsBuilder> {
  TimerSettingsBuilder(Map<String, Object> values) {
    super(values);
  }

  /** {@code batch_size}. */
  public TimerSettingsBuilder batchSize(int instances) {
    return set("batch_size", "batchSize", instances);
  }

  /** {@code backpressure_threshold}. */
  public TimerSettingsBuilder backpressureThreshold(long pendingEvents) {
    return set("backpressure_threshold", "backpressureThreshold", pendingEvents);
  }

  /** {@code sweep_interval}. */
  public TimerSettingsBuilder sweepInterval(Duration interval) {
    return set("sweep_interval", "sweepInterval", interval);
  }
}
