package dev.clockwork.runtime.schedule;

/** {@link TickBatchContractTest} on the in-memory stores. */
class InMemoryTickBatchTest extends TickBatchContractTest {
  @Override
  protected ScheduleStorage newStorage() {
    return new InMemoryScheduleStorage();
  }
}
