package dev.clockwork.runtime.config;

import java.time.Duration;
import java.util.Set;

/**
 * The {@code timers:} block. (Its key names come from the engine before issue 10, which found due
 * timers with a sweep; workers now claim due timers from the instance rows, and the keys keep their
 * names so existing files still read.)
 *
 * @param batchSize due instances per {@code Engine.runDue()} round, the pass {@code clockwork
 *     timers process} runs ({@code batch_size}, default 100)
 * @param backpressureThreshold pending events above which workers claim only queued events and
 *     timers wait ({@code backpressure_threshold}, default 10,000)
 * @param sweepInterval how often workers run the self-healing pass (broadcasts left undelivered by
 *     a crash) and check the backpressure threshold ({@code sweep_interval}, default 500
 *     milliseconds)
 */
public record TimerSettings(int batchSize, long backpressureThreshold, Duration sweepInterval) {
  public static final TimerSettings DEFAULT =
      new TimerSettings(100, 10_000, Duration.ofMillis(500));

  static final Set<String> KEYS = Set.of("batch_size", "backpressure_threshold", "sweep_interval");

  static TimerSettings read(ConfigBlock timers) {
    timers.allowOnly(KEYS);
    long batchSize = timers.whole("batch_size", DEFAULT.batchSize(), 1);
    if (batchSize > Integer.MAX_VALUE) {
      throw timers.error("batch_size", "must be at most " + Integer.MAX_VALUE);
    }
    return new TimerSettings(
        (int) batchSize,
        timers.whole("backpressure_threshold", DEFAULT.backpressureThreshold(), 1),
        timers.duration("sweep_interval", DEFAULT.sweepInterval(), false));
  }
}
