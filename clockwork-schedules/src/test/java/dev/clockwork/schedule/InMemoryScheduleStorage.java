package dev.clockwork.schedule;

import dev.clockwork.runtime.store.Store;
import dev.clockwork.runtime.store.memory.InMemoryStore;
import dev.clockwork.schedule.store.ScheduleStore;
import dev.clockwork.schedule.store.memory.InMemoryScheduleStore;

/** One in-memory instance store and one in-memory schedule store, shared by every node. */
final class InMemoryScheduleStorage implements ScheduleStorage {
  private final InMemoryStore instances = new InMemoryStore();
  private final InMemoryScheduleStore schedules = new InMemoryScheduleStore();

  @Override
  public Store instances() {
    return instances;
  }

  @Override
  public ScheduleStore schedules(Store ignored) {
    return schedules;
  }

  @Override
  public void close() {}
}
