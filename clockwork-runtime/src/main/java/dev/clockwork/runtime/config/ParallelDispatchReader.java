package dev.clockwork.runtime.config;

import java.util.Set;

/**
 * Types one merged {@code parallel_dispatch:} block into a {@link ParallelDispatchConfig}, defaults
 * filling the gaps. Durations take words ({@code 30 seconds}), ISO 8601 ({@code PT30S}) or a bare
 * number of seconds ({@code 30}).
 */
final class ParallelDispatchReader {
  static final String BLOCK = "parallel_dispatch";
  static final Set<String> KEYS =
      Set.of(
          "enabled",
          "queue",
          "lock_timeout",
          "lock_ttl",
          "job_timeout",
          "job_tries",
          "job_backoff",
          "region_timeout");

  /** How YAML writes "no value"; {@code queue:} so written means the default queue. */
  private static final Set<String> YAML_NULLS = Set.of("", "~", "null", "Null", "NULL");

  private ParallelDispatchReader() {}

  static ParallelDispatchConfig read(ConfigBlock block) {
    Setting whole = block.self();
    if (whole != null && !whole.isBlock()) {
      throw block.error(
          "must be a block of settings, not '"
              + whole.scalar()
              + "'; to turn parallel dispatch on, write 'enabled: true' indented under it");
    }
    block.allowOnly(KEYS);
    ParallelDispatchConfig d = ParallelDispatchConfig.DEFAULT;
    long tries = block.whole("job_tries", d.jobTries(), 1);
    if (tries > Integer.MAX_VALUE) {
      throw block.error("job_tries", "must be at most " + Integer.MAX_VALUE);
    }
    String queue = block.text("queue", d.queue());
    if (queue != null && YAML_NULLS.contains(queue.trim())) {
      queue = null;
    }
    return new ParallelDispatchConfig(
        block.bool("enabled", d.enabled()),
        queue,
        block.durationOrSeconds("lock_timeout", d.lockTimeout(), false),
        block.durationOrSeconds("lock_ttl", d.lockTtl(), false),
        block.durationOrSeconds("job_timeout", d.jobTimeout(), false),
        (int) tries,
        block.durationOrSeconds("job_backoff", d.jobBackoff(), true),
        block.durationOrSeconds("region_timeout", d.regionTimeout(), true));
  }
}
