package dev.clockwork.runtime.internal.parallel;

import dev.clockwork.runtime.config.ParallelDispatchConfig;
import java.time.Duration;
import java.util.Collection;
import java.util.HashMap;
import java.util.Map;
import java.util.function.Function;

/**
 * How long region jobs are leased: each job for its own machine's longest run — the action ({@code
 * job_timeout}), the wait for the instance's lease ({@code lock_timeout}) and that lease ({@code
 * lock_ttl}) — not the longest of any registered machine's, so a job of a machine with short
 * timeouts whose worker died is taken over that much sooner.
 */
public final class JobLeases {
  private JobLeases() {}

  /** One machine's region job lease: {@code job_timeout + lock_timeout + lock_ttl}. */
  public static Duration of(ParallelDispatchConfig config) {
    return config.jobTimeout().plus(config.lockTimeout()).plus(config.lockTtl());
  }

  /** Each of {@code machines} with its region job lease, by its settings in {@code settings}. */
  public static Map<String, Duration> of(
      Collection<String> machines, Function<String, ParallelDispatchConfig> settings) {
    Map<String, Duration> leases = new HashMap<>();
    for (String machine : machines) {
      leases.put(machine, of(settings.apply(machine)));
    }
    return leases;
  }
}
