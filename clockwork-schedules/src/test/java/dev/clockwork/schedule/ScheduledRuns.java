package dev.clockwork.schedule;

import dev.clockwork.runtime.Engine;
import dev.clockwork.runtime.instance.MetadataMachines;
import dev.clockwork.runtime.store.Store;
import dev.clockwork.schedule.store.ScheduleStore;
import dev.clockwork.schedule.store.memory.InMemoryScheduleStore;

/**
 * What the scheduled-run suites share: the instance metadata fixtures (a virtual clock, a store per
 * test, engines over it, the {@code report}, {@code audit} and {@code batch} machines) and a
 * schedules service over an engine. Subclass once per store.
 */
public abstract class ScheduledRuns extends MetadataMachines {

  /** Where the schedules of {@code instances} live (in memory unless a suite says otherwise). */
  protected ScheduleStore newScheduleStore(Store instances) {
    return new InMemoryScheduleStore();
  }

  /** A schedules service over {@code engine}. */
  protected Schedules schedules(Engine engine) {
    return Schedules.builder(engine).store(newScheduleStore(store)).build();
  }
}
