package dev.clockwork.postgres.schedule;

import dev.clockwork.schedule.ScheduleStorage;
import dev.clockwork.schedule.TriggerRecordRaceContractTest;

/**
 * {@link TriggerRecordRaceContractTest} on embedded PostgreSQL: two ticking nodes and an operator,
 * each with its own connections, on one database.
 */
class PostgresTriggerRecordRaceTest extends TriggerRecordRaceContractTest {
  @Override
  protected ScheduleStorage newStorage() {
    return new PostgresScheduleStorage();
  }
}
