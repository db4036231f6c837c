package dev.clockwork.examples.schedules;

import static org.assertj.core.api.Assertions.assertThat;

import dev.clockwork.postgres.testing.EmbeddedPostgresDatabase;
import dev.clockwork.postgres.testing.TestDatabase;
import dev.clockwork.runtime.clock.VirtualClock;
import dev.clockwork.schedule.Schedules;
import org.junit.jupiter.api.Test;

class ScheduleQuickstartTest {
  private static final TestDatabase DB = EmbeddedPostgresDatabase.shared().newDatabase();

  @Test
  void theReadmesSchedulesStartTheirMachinesWhenDue() {
    DB.truncateClockworkTables();
    VirtualClock clock = VirtualClock.at("2026-04-10T00:00:00Z");
    Schedules schedules = ScheduleQuickstart.run(DB.dataSource(), clock);
    clock.moveTo(java.time.Instant.parse("2026-04-10T06:00:00Z"));
    var rows = schedules.tick();
    assertThat(rows)
        .extracting(r -> r.instanceId())
        .contains("schedule:daily-invoice-sync:2026-04-10T06:00:00Z");
  }
}
