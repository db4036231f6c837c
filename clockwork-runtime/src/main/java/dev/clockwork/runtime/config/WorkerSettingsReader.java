package dev.clockwork.runtime.config;

import dev.clockwork.runtime.instance.MetadataChecks;
import java.lang.management.ManagementFactory;
import java.time.Duration;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.UUID;

/** Types the {@code workers:} block into {@link WorkerSettings}, defaults filling the gaps. */
final class WorkerSettingsReader {
  static final Set<String> KEYS =
      Set.of(
          "threads",
          "owner",
          "lease_time",
          "lock_timeout",
          "events_per_claim",
          "poll_interval",
          "shutdown_timeout",
          "upgrade_on_start",
          "queues",
          "region_job_threads",
          "region_job_queues",
          "align_clock_with_store",
          "retention_interval");

  private WorkerSettingsReader() {}

  static WorkerSettings read(ConfigBlock workers) {
    workers.allowOnly(KEYS);
    int threads = count(workers, "threads", 16, 1);
    String owner = workers.text("owner", null);
    if (owner != null && owner.isBlank()) {
      throw workers.error(
          "owner",
          "must name this node, e.g. 'owner: node-a'; leave it out for" + " <pid@host>-<random>");
    }
    return new WorkerSettings(
        threads,
        owner != null ? owner : defaultOwner(),
        workers.duration("lease_time", Duration.ofSeconds(30), false),
        workers.duration("lock_timeout", Duration.ofSeconds(10), false),
        count(workers, "events_per_claim", 20, 1),
        workers.duration("poll_interval", Duration.ofSeconds(1), false),
        workers.duration("shutdown_timeout", Duration.ofSeconds(10), false),
        workers.bool("upgrade_on_start", true),
        queues(workers, "queues"),
        count(workers, "region_job_threads", threads, 0),
        queues(workers, "region_job_queues"),
        workers.has("align_clock_with_store")
            ? workers.bool("align_clock_with_store", false)
            : null,
        workers.duration("retention_interval", Duration.ofMinutes(1), false));
  }

  private static int count(ConfigBlock workers, String key, int fallback, int min) {
    long value = workers.whole(key, fallback, min);
    if (value > Integer.MAX_VALUE) {
      throw workers.error(key, "must be at most " + Integer.MAX_VALUE);
    }
    return (int) value;
  }

  /** A list of queue names; null (every queue) when not written. */
  private static Set<String> queues(ConfigBlock workers, String key) {
    List<String> names = workers.list(key, null);
    if (names == null) {
      return null;
    }
    if (names.isEmpty()) {
      throw workers.error(
          key,
          "needs at least one queue name (a, b); leave it out to serve every queue"
              + (key.equals("queues") ? "" : " (region_job_threads: 0 runs no region jobs)"));
    }
    try {
      names.forEach(name -> MetadataChecks.queue(key, name));
    } catch (IllegalArgumentException e) {
      throw workers.error(key, e.getMessage());
    }
    return new LinkedHashSet<>(names);
  }

  private static String defaultOwner() {
    return ManagementFactory.getRuntimeMXBean().getName()
        + "-"
        + UUID.randomUUID().toString().substring(0, 8);
  }
}
