package dev.clockwork.runtime.schedule;

import dev.clockwork.runtime.schedule.store.ScheduleStore;
import dev.clockwork.runtime.schedule.store.memory.InMemoryScheduleStore;
import dev.clockwork.runtime.store.Store;
import dev.clockwork.runtime.store.memory.InMemoryStore;

/** Timer start events on the in-memory stores, every node sharing them. */
class InMemoryStartTimerDeployTest extends StartTimerDeployContractTest {
  private InMemoryStore instances;
  private InMemoryScheduleStore schedules;

  @Override
  protected void reset() {
    instances = new InMemoryStore();
    schedules = new InMemoryScheduleStore();
  }

  @Override
  protected Store instanceStore() {
    return instances;
  }

  @Override
  protected ScheduleStore scheduleStore(Store ignored) {
    return schedules;
  }
}
