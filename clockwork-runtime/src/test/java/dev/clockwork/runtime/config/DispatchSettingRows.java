package dev.clockwork.runtime.config;

import static dev.clockwork.runtime.config.SettingFixture.T0;

import dev.clockwork.core.definition.ParallelEvents;
import dev.clockwork.runtime.instance.HistoryQuery;
import dev.clockwork.runtime.parallel.JobOutcome;
import dev.clockwork.runtime.store.RegionJob;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;

/**
 * The rows of every {@code parallel_dispatch} key, each at the system's level and at the machine's.
 * The three keys a region job's lease is made of (its attempt's limit, the wait for the instance
 * and the instance's lease) are seen in that lease, read while the job runs; their own effects are
 * shown in {@code ParallelDispatchContractTest}.
 */
final class DispatchSettingRows {
  /** A job's lease by default: job_timeout 300 s + lock_timeout 30 s + lock_ttl 60 s. */
  private static final Duration DEFAULT_JOB_LEASE = Duration.ofSeconds(390);

  private DispatchSettingRows() {}

  static List<SettingRow> all() {
    List<SettingRow> rows = new ArrayList<>();
    rows.addAll(
        SettingRow.dispatch(
            "enabled", "true", p -> p.enabled(true), f -> !f.split("j-1").isEmpty()));
    rows.addAll(
        SettingRow.dispatch(
            "queue",
            "regions",
            p -> p.queue("regions"),
            f -> f.split("j-1").get(0).queueName().equals("regions")));
    rows.addAll(
        SettingRow.dispatch(
            "job_tries", "1", p -> p.jobTries(1), f -> failFirst(f) == JobOutcome.GAVE_UP));
    rows.addAll(
        SettingRow.dispatch(
            "job_backoff",
            "7 seconds",
            p -> p.jobBackoff(Duration.ofSeconds(7)),
            f -> {
              RegionJob failed = f.split("j-1").get(0);
              f.engine.regionJobs().fail(failed, new IllegalStateException("declined"));
              return f.engine.regionJobs().pending("j-1").stream()
                  .anyMatch(
                      j -> j.id() == failed.id() && j.availableAt().equals(T0.plusSeconds(7)));
            }));
    rows.addAll(
        SettingRow.dispatch(
            "region_timeout",
            "2 minutes",
            p -> p.regionTimeout(Duration.ofMinutes(2)),
            f -> {
              f.split("j-1");
              f.clock.advance(Duration.ofMinutes(2));
              f.engine.runDue();
              return !f.engine
                  .instances()
                  .history(HistoryQuery.ofType("j-1", ParallelEvents.TIMEOUT))
                  .isEmpty();
            }));
    rows.addAll(
        SettingRow.dispatch(
            "job_timeout",
            "100 seconds",
            p -> p.jobTimeout(Duration.ofSeconds(100)),
            f -> jobLease(f).equals(DEFAULT_JOB_LEASE.minusSeconds(200))));
    rows.addAll(
        SettingRow.dispatch(
            "lock_timeout",
            "10 seconds",
            p -> p.lockTimeout(Duration.ofSeconds(10)),
            f -> jobLease(f).equals(DEFAULT_JOB_LEASE.minusSeconds(20))));
    rows.addAll(
        SettingRow.dispatch(
            "lock_ttl",
            "20 seconds",
            p -> p.lockTtl(Duration.ofSeconds(20)),
            f -> jobLease(f).equals(DEFAULT_JOB_LEASE.minusSeconds(40))));
    return rows;
  }

  private static JobOutcome failFirst(SettingFixture f) {
    return f.engine.regionJobs().fail(f.split("j-1").get(0), new IllegalStateException("declined"));
  }

  /** How long a region job is leased for while it runs. */
  private static Duration jobLease(SettingFixture f) {
    RegionJob job = f.split("j-1").get(0);
    AtomicReference<Instant> leasedUntil = new AtomicReference<>();
    SettingFixture.regionHook =
        a ->
            f.engine.regionJobs().pending("j-1").stream()
                .filter(j -> j.id() == job.id())
                .forEach(j -> leasedUntil.set(j.availableAt()));
    f.engine.regionJobs().run(job);
    return Duration.between(T0, leasedUntil.get());
  }
}
