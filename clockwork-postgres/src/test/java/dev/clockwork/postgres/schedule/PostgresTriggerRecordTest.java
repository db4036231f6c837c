package dev.clockwork.postgres.schedule;

import dev.clockwork.schedule.ScheduleStorage;
import dev.clockwork.schedule.TriggerRecordContractTest;

/** {@link TriggerRecordContractTest} on embedded PostgreSQL. */
class PostgresTriggerRecordTest extends TriggerRecordContractTest {
  @Override
  protected ScheduleStorage newStorage() {
    return new PostgresScheduleStorage();
  }
}
