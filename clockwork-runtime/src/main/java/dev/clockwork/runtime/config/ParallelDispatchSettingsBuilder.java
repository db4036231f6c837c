package dev.clockwork.runtime.config;

import java.time.Duration;
import java.util.Map;
import java.util.Objects;

/** A {@code parallel_dispatch} block made in code; see {@link ParallelDispatchConfig}. */
public final class ParallelDispatchSettingsBuilder
    extends CodeBlock<ParallelDispatchSettingsBuilder> {
  ParallelDispatchSettingsBuilder(Map<String, Object> values) {
    super(values);
  }

  /** {@code enabled}: the switch. */
  public ParallelDispatchSettingsBuilder enabled(boolean on) {
    return set("enabled", "enabled", on);
  }

  /** {@code queue}: the queue region jobs go to; null for the default queue. */
  public ParallelDispatchSettingsBuilder queue(String name) {
    return set("queue", "queue", name == null ? "null" : name);
  }

  /** {@code lock_timeout}. */
  public ParallelDispatchSettingsBuilder lockTimeout(Duration timeout) {
    return set("lock_timeout", "lockTimeout", timeout);
  }

  /** {@code lock_ttl}. */
  public ParallelDispatchSettingsBuilder lockTtl(Duration ttl) {
    return set("lock_ttl", "lockTtl", ttl);
  }

  /** {@code job_timeout}. */
  public ParallelDispatchSettingsBuilder jobTimeout(Duration timeout) {
    return set("job_timeout", "jobTimeout", timeout);
  }

  /** {@code job_tries}. */
  public ParallelDispatchSettingsBuilder jobTries(int tries) {
    return set("job_tries", "jobTries", tries);
  }

  /** {@code job_backoff}. */
  public ParallelDispatchSettingsBuilder jobBackoff(Duration backoff) {
    return set("job_backoff", "jobBackoff", backoff);
  }

  /** {@code region_timeout}; zero for none. */
  public ParallelDispatchSettingsBuilder regionTimeout(Duration timeout) {
    return set("region_timeout", "regionTimeout", timeout);
  }

  ParallelDispatchSettingsBuilder all(ParallelDispatchConfig settings) {
    Objects.requireNonNull(settings, "parallelDispatch");
    return enabled(settings.enabled())
        .queue(settings.queue())
        .lockTimeout(settings.lockTimeout())
        .lockTtl(settings.lockTtl())
        .jobTimeout(settings.jobTimeout())
        .jobTries(settings.jobTries())
        .jobBackoff(settings.jobBackoff())
        .regionTimeout(settings.regionTimeout());
  }
}
