package dev.clockwork.testkit;

import dev.clockwork.runtime.Engine;
import dev.clockwork.runtime.parallel.JobOutcome;
import dev.clockwork.runtime.store.RegionJob;
import java.util.List;

/**
 * The region jobs of one instance under test (parallel dispatch), found by region: by path ({@code
 * processing.payment}) or by the region's own name ({@code payment}).
 */
final class DispatchedJobs {
  private final Engine engine;
  private final String instanceId;

  DispatchedJobs(Engine engine, String instanceId) {
    this.engine = engine;
    this.instanceId = instanceId;
  }

  List<RegionJob> pending() {
    return engine.regionJobs().pending(instanceId);
  }

  /** The regions with a job waiting, in dispatch order. */
  List<String> regions() {
    return pending().stream().map(RegionJob::region).toList();
  }

  JobOutcome run(String region) {
    return engine.regionJobs().run(find(region));
  }

  JobOutcome fail(String region, RuntimeException error) {
    return engine.regionJobs().fail(find(region), error);
  }

  private RegionJob find(String region) {
    List<RegionJob> waiting = pending();
    List<RegionJob> exact = waiting.stream().filter(j -> j.region().equals(region)).toList();
    List<RegionJob> named =
        exact.isEmpty()
            ? waiting.stream().filter(j -> j.region().endsWith("." + region)).toList()
            : exact;
    if (named.size() > 1) {
      throw new AssertionError(
          "region '"
              + region
              + "' names several waiting jobs' regions "
              + named.stream().map(RegionJob::region).toList()
              + "; give the region's path");
    }
    if (named.isEmpty()) {
      throw new AssertionError(
          "no region job waits for region '"
              + region
              + "'; waiting: "
              + regions()
              + " (is parallel dispatch on? MachineTest.with(machine).parallelDispatch())");
    }
    return named.get(0);
  }
}
