package dev.clockwork.runtime.schedule.store;

import dev.clockwork.runtime.schedule.store.memory.InMemoryScheduleStore;

class InMemoryScheduleStoreTest extends ScheduleStoreContractTest {
  @Override
  protected ScheduleStore newStore() {
    return new InMemoryScheduleStore();
  }
}
