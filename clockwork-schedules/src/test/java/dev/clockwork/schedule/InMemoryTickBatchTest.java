package dev.clockwork.schedule;

/** {@link TickBatchContractTest} on the in-memory stores. */
class InMemoryTickBatchTest extends TickBatchContractTest {
  @Override
  protected ScheduleStorage newStorage() {
    return new InMemoryScheduleStorage();
  }
}
