package dev.clockwork.schedule;

import dev.clockwork.runtime.store.Store;
import dev.clockwork.runtime.store.memory.InMemoryStore;
import dev.clockwork.schedule.store.ScheduleStore;
import dev.clockwork.schedule.store.memory.InMemoryScheduleStore;

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
