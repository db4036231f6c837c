package dev.clockwork.runtime.internal.engine;

import dev.clockwork.runtime.config.ParallelDispatchConfig;
import dev.clockwork.runtime.config.Settings;
import dev.clockwork.runtime.config.WorkerSettings;
import dev.clockwork.runtime.internal.MachineRegistry;
import dev.clockwork.runtime.internal.TurnRunner;
import dev.clockwork.runtime.internal.parallel.EngineRegionJobs;
import dev.clockwork.runtime.internal.parallel.RegionJobRunner;
import dev.clockwork.runtime.internal.parallel.RegionJobWorkers;
import dev.clockwork.runtime.parallel.RegionJobs;
import dev.clockwork.runtime.store.Store;
import java.time.Clock;
import java.time.Duration;
import java.util.Set;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;

/**
 * An engine's region job parts: the jobs to see and run by hand, the region job threads (null when
 * {@code workers.region_job_threads} is 0) and whether any registered machine dispatches in
 * parallel (the threads start only then).
 */
record RegionJobParts(
    RegionJobs regionJobs, RegionJobWorkers workers, BooleanSupplier dispatchInUse) {

  static RegionJobParts wire(
      Settings settings, Store store, Clock clock, MachineRegistry machines, TurnRunner runner) {
    WorkerSettings built = settings.workers();
    RegionJobRunner jobRunner =
        new RegionJobRunner(store, clock, machines, runner, settings::parallelDispatch);
    Supplier<Duration> lease = () -> leaseTime(settings, machines);
    Supplier<Set<String>> known = machines::ids;
    RegionJobs jobs = new EngineRegionJobs(store, clock, jobRunner, built.owner(), lease, known);
    int threads = built.regionJobThreads();
    RegionJobWorkers workers =
        threads == 0
            ? null
            : new RegionJobWorkers(
                store,
                clock,
                jobRunner,
                built.owner(),
                threads,
                built.regionJobQueues(),
                lease,
                known,
                settings.timers().sweepInterval(),
                built.shutdownTimeout());
    BooleanSupplier inUse =
        () -> machines.ids().stream().anyMatch(m -> settings.parallelDispatch(m).enabled());
    return new RegionJobParts(jobs, workers, inUse);
  }

  /**
   * A region job's lease outlasts its longest run: the action ({@code job_timeout}), the wait for
   * the instance's lease ({@code lock_timeout}) and that lease ({@code lock_ttl}), the longest of
   * any machine's.
   */
  private static Duration leaseTime(Settings settings, MachineRegistry machines) {
    Duration longest = Duration.ZERO;
    for (String machine : machines.ids()) {
      ParallelDispatchConfig c = settings.parallelDispatch(machine);
      Duration lease = c.jobTimeout().plus(c.lockTimeout()).plus(c.lockTtl());
      longest = lease.compareTo(longest) > 0 ? lease : longest;
    }
    return longest.isZero() ? Duration.ofMinutes(1) : longest;
  }
}
