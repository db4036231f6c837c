package dev.clockwork.postgres.schedule;

import dev.clockwork.schedule.ScheduleStorage;
import dev.clockwork.schedule.TickBatchContractTest;

/** {@link TickBatchContractTest} on embedded PostgreSQL: the batched writes are one statement. */
class PostgresTickBatchTest extends TickBatchContractTest {
  @Override
  protected ScheduleStorage newStorage() {
    return new PostgresScheduleStorage();
  }
}
