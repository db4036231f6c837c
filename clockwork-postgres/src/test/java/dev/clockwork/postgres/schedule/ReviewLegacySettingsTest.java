package dev.clockwork.postgres.schedule;

import static org.assertj.core.api.Assertions.assertThat;

import dev.clockwork.core.definition.Machine;
import dev.clockwork.core.definition.MachineDefinition;
import dev.clockwork.postgres.PostgresStore;
import dev.clockwork.postgres.testing.EmbeddedPostgresDatabase;
import dev.clockwork.postgres.testing.TestDatabase;
import dev.clockwork.runtime.Engine;
import dev.clockwork.runtime.clock.VirtualClock;
import dev.clockwork.runtime.schedule.ScheduleRequest;
import dev.clockwork.runtime.schedule.Schedules;
import java.sql.Connection;
import java.sql.Statement;
import java.time.Instant;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Review (issue 14, points 6/7): the settings checks became stricter (search attributes must be
 * scalars, a send-event action may carry no labels/queue). A schedule stored before the upgrade
 * with, e.g., a list-valued search attribute (valid JSON until now) can no longer be read, and
 * because claimDue reads every claimed row, one such row stops every schedule from firing.
 */
class ReviewLegacySettingsTest {
  static final TestDatabase DB = EmbeddedPostgresDatabase.shared().newDatabase();
  static final MachineDefinition JOB =
      Machine.define("job")
          .initial("running")
          .state("running", s -> s.on("FINISH", "done"))
          .finalState("done")
          .build();

  final VirtualClock clock = VirtualClock.at("2026-04-09T12:00:30Z");
  PostgresStore store;
  Engine engine;
  Schedules schedules;

  @BeforeEach
  void setUp() {
    DB.truncateClockworkTables();
    store = PostgresStore.builder().dataSource(DB.dataSource()).migrate(false).build();
    engine = Engine.builder().store(store).clock(clock).register(JOB).build();
    schedules = new Schedules(engine, PostgresScheduleStore.beside(store));
  }

  @AfterEach
  void tearDown() {
    engine.close();
    store.close();
  }

  @Test
  void aScheduleStoredBeforeTheUpgradeDoesNotStopTheOthers() throws Exception {
    for (String id : new String[] {"a-legacy", "b-healthy"}) {
      schedules.create(
          ScheduleRequest.builder(id).startMachine("job", Map.of()).cron("* * * * *").build());
    }
    // as stored by the pre-issue-14 code, which accepted any JSON value here
    try (Connection c = DB.dataSource().getConnection();
        Statement s = c.createStatement()) {
      s.executeUpdate(
          "UPDATE cw_schedules SET settings = (settings::jsonb"
              + " || '{\"search_attributes\": {\"tags\": [\"a\", \"b\"]}}'::jsonb)::json"
              + " WHERE schedule_id = 'a-legacy'");
    }
    clock.moveTo(Instant.parse("2026-04-09T12:01:00Z"));
    String failure = "none";
    try {
      schedules.tick();
    } catch (RuntimeException e) {
      // whatever the tick does with the unreadable row, the healthy schedule must still fire
      failure = e.toString();
    }
    assertThat(store.instanceIds("job"))
        .as("runs of the healthy schedule (the tick failed with: " + failure + ")")
        .anyMatch(id -> id.startsWith("schedule:b-healthy:"));
  }
}
