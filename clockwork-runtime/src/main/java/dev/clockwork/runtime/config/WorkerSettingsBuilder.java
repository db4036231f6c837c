package dev.clockwork.runtime.config;

import dev.clockwork.runtime.instance.MetadataChecks;
import java.time.Duration;
import java.util.Map;

/** The {@code workers} block made in code; see {@link WorkerSettings} for each key. */
public final class WorkerSettingsBuilder extends CodeBlock<WorkerSettingsBuilder> {
  WorkerSettingsBuilder(Map<String, Object> values) {
    super(values);
  }

  /** {@code threads}. */
  public WorkerSettingsBuilder threads(int threads) {
    return set("threads", "threads", threads);
  }

  /** {@code owner}. */
  public WorkerSettingsBuilder owner(String name) {
    return set("owner", "owner", name);
  }

  /** {@code lease_time}. */
  public WorkerSettingsBuilder leaseTime(Duration lease) {
    return set("lease_time", "leaseTime", lease);
  }

  /** {@code lock_timeout}. */
  public WorkerSettingsBuilder lockTimeout(Duration timeout) {
    return set("lock_timeout", "lockTimeout", timeout);
  }

  /** {@code events_per_claim}. */
  public WorkerSettingsBuilder eventsPerClaim(int events) {
    return set("events_per_claim", "eventsPerClaim", events);
  }

  /** {@code poll_interval}. */
  public WorkerSettingsBuilder pollInterval(Duration interval) {
    return set("poll_interval", "pollInterval", interval);
  }

  /** {@code shutdown_timeout}. */
  public WorkerSettingsBuilder shutdownTimeout(Duration timeout) {
    return set("shutdown_timeout", "shutdownTimeout", timeout);
  }

  /** {@code upgrade_on_start}. */
  public WorkerSettingsBuilder upgradeOnStart(boolean upgrade) {
    return set("upgrade_on_start", "upgradeOnStart", upgrade);
  }

  /** {@code queues}: the queues this engine serves (every queue unless set). */
  public WorkerSettingsBuilder queues(String... names) {
    return set("queues", "queues", list("queues", names));
  }

  /** {@code region_job_threads}; zero: region jobs run only by hand. */
  public WorkerSettingsBuilder regionJobThreads(int threads) {
    return set("region_job_threads", "regionJobThreads", threads);
  }

  /** {@code region_job_queues}: the queues whose region jobs this engine runs. */
  public WorkerSettingsBuilder regionJobQueues(String... queues) {
    return set("region_job_queues", "regionJobQueues", list("regionJobQueues", queues));
  }

  /** {@code align_clock_with_store}. */
  public WorkerSettingsBuilder alignClockWithStore(boolean align) {
    return set("align_clock_with_store", "alignClockWithStore", align);
  }

  /** Queue names as the file lists them ({@code a, b}); a name may hold no comma. */
  private static String list(String name, String... queues) {
    if (queues.length == 0) {
      throw new IllegalArgumentException(
          name
              + " needs at least one queue name; leave it out to serve every queue"
              + (name.equals("queues") ? "" : " (regionJobThreads(0) runs no region jobs)"));
    }
    for (String queue : queues) {
      MetadataChecks.queue(name, queue);
      if (queue.contains(",")) {
        throw new IllegalArgumentException(
            name + " takes queue names without commas, not '" + queue + "'");
      }
    }
    return String.join(", ", queues);
  }

  /** {@code retention_interval}. */
  public WorkerSettingsBuilder retentionInterval(Duration interval) {
    return set("retention_interval", "retentionInterval", interval);
  }
}
