package dev.clockwork.schedule;

/** {@link TriggerRecordRaceContractTest} on the in-memory stores. */
class InMemoryTriggerRecordRaceTest extends TriggerRecordRaceContractTest {
  @Override
  protected ScheduleStorage newStorage() {
    return new InMemoryScheduleStorage();
  }
}
