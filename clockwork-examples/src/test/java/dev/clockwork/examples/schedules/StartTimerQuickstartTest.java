package dev.clockwork.examples.schedules;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.groups.Tuple.tuple;

import dev.clockwork.core.definition.Machine;
import dev.clockwork.core.definition.MachineDefinition;
import dev.clockwork.postgres.testing.EmbeddedPostgresDatabase;
import dev.clockwork.postgres.testing.TestDatabase;
import dev.clockwork.runtime.clock.VirtualClock;
import dev.clockwork.schedule.ScheduleDescription;
import dev.clockwork.schedule.Schedules;
import dev.clockwork.schedule.outcome.TickResult;
import dev.clockwork.schedule.store.ScheduleStatus;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

class StartTimerQuickstartTest {
  private static final TestDatabase DB = EmbeddedPostgresDatabase.shared().newDatabase();

  @Test
  void deployingVersion2SchedulesItsStartTimersAndCancelsVersion1s() {
    DB.truncateClockworkTables();
    VirtualClock clock = VirtualClock.at("2026-04-27T10:00:00Z");
    MachineDefinition v1 =
        Machine.define("invoice-run")
            .initial("running")
            .state("running", s -> s.on("FINISH", "done"))
            .finalState("done")
            .startOn("@daily")
            .build();
    StartTimerQuickstart.run(DB.dataSource(), clock, v1);

    Schedules schedules =
        StartTimerQuickstart.run(DB.dataSource(), clock, v1, StartTimerQuickstart.invoiceRun());

    assertThat(schedules.list(true))
        .extracting(ScheduleDescription::scheduleId, ScheduleDescription::status)
        .containsExactly(
            tuple("machine.invoice-run.v1.start.0", ScheduleStatus.DELETED),
            tuple("machine.invoice-run.v2.start.0", ScheduleStatus.ACTIVE),
            tuple("machine.invoice-run.v2.start.1", ScheduleStatus.ACTIVE),
            tuple("machine.invoice-run.v2.start.2", ScheduleStatus.ACTIVE),
            tuple("machine.invoice-run.v2.start.3", ScheduleStatus.ACTIVE));
    clock.moveTo(Instant.parse("2026-04-27T11:00:00Z"));
    List<TickResult> ticked = schedules.tick();
    assertThat(ticked)
        .extracting(TickResult::instanceId)
        .containsExactly("schedule:machine.invoice-run.v2.start.3:2026-04-27T11:00:00Z");
  }
}
