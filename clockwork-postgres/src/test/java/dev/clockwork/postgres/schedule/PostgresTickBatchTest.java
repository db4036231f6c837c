package dev.clockwork.postgres.schedule;

import dev.clockwork.runtime.schedule.ScheduleStorage;
import dev.clockwork.runtime.schedule.TickBatchContractTest;

/** {@link TickBatchContractTest} on embedded PostgreSQL: the batched writes are one statement. */
class PostgresTickBatchTest extends TickBatchContractTest {
  @Override
  protected ScheduleStorage newStorage() {
    return new PostgresScheduleStorage();
  }
}
