package dev.clockwork.schedule;

/** {@link TriggerRecordContractTest} on the in-memory stores. */
class InMemoryTriggerRecordTest extends TriggerRecordContractTest {
  @Override
  protected ScheduleStorage newStorage() {
    return new InMemoryScheduleStorage();
  }
}
