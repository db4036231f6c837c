package dev.clockwork.schedule.store;

import dev.clockwork.schedule.store.memory.InMemoryScheduleStore;

class InMemoryScheduleStoreTest extends ScheduleStoreContractTest {
  @Override
  protected ScheduleStore newStore() {
    return new InMemoryScheduleStore();
  }
}
