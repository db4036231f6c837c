package dev.clockwork.runtime.internal.engine;

import dev.clockwork.runtime.config.Settings;
import dev.clockwork.runtime.config.WorkerSettings;
import dev.clockwork.runtime.internal.MachineRegistry;
import dev.clockwork.runtime.internal.TurnRunner;
import dev.clockwork.runtime.internal.outage.StoreFailures;
import dev.clockwork.runtime.internal.parallel.EngineRegionJobs;
import dev.clockwork.runtime.internal.parallel.JobLeases;
import dev.clockwork.runtime.internal.parallel.RegionJobRunner;
import dev.clockwork.runtime.internal.parallel.RegionJobWorkers;
import dev.clockwork.runtime.parallel.RegionJobs;
import dev.clockwork.runtime.store.Store;
import java.time.Clock;
import java.time.Duration;
import java.util.Map;
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
      Settings settings,
      Store store,
      Clock clock,
      MachineRegistry machines,
      TurnRunner runner,
      StoreFailures failures) {
    WorkerSettings built = settings.workers();
    RegionJobRunner jobRunner =
        new RegionJobRunner(store, clock, machines, runner, settings::parallelDispatch);
    Supplier<Map<String, Duration>> leases =
        () -> JobLeases.of(machines.ids(), settings::parallelDispatch);
    RegionJobs jobs = new EngineRegionJobs(store, clock, jobRunner, built.owner(), leases);
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
                leases,
                settings.timers().sweepInterval(),
                built.shutdownTimeout(),
                failures);
    BooleanSupplier inUse =
        () -> machines.ids().stream().anyMatch(m -> settings.parallelDispatch(m).enabled());
    return new RegionJobParts(jobs, workers, inUse);
  }
}
