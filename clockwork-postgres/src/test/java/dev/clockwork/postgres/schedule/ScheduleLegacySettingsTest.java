package dev.clockwork.postgres.schedule;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.clockwork.core.definition.Machine;
import dev.clockwork.core.definition.MachineDefinition;
import dev.clockwork.core.interpreter.InstanceStatus;
import dev.clockwork.postgres.PostgresStore;
import dev.clockwork.postgres.testing.EmbeddedPostgresDatabase;
import dev.clockwork.postgres.testing.TestDatabase;
import dev.clockwork.runtime.Engine;
import dev.clockwork.runtime.clock.VirtualClock;
import dev.clockwork.runtime.instance.NewInstance;
import dev.clockwork.schedule.ScheduleRequest;
import dev.clockwork.schedule.ScheduleUpdate;
import dev.clockwork.schedule.Schedules;
import dev.clockwork.schedule.definition.InvalidScheduleException;
import dev.clockwork.schedule.definition.OverlapPolicy;
import dev.clockwork.schedule.definition.ScheduleAction;
import dev.clockwork.schedule.store.PendingTrigger;
import dev.clockwork.schedule.store.ScheduleStatus;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Schedules stored before the run settings' checks became stricter (issue 14, points 6/7: search
 * attributes must be scalars, a send-event action may carry no labels or queue) stay readable: they
 * are checked again when created or updated, not when read. A claimed row that still cannot be read
 * is left out of the tick, so it never stops the other schedules from firing.
 */
class ScheduleLegacySettingsTest {
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
    schedules = new Schedules(engine, store.schedules());
  }

  @AfterEach
  void tearDown() {
    engine.close();
    store.close();
  }

  @Test
  void aScheduleStoredBeforeTheStricterChecksDoesNotStopTheOthers() throws Exception {
    for (String id : new String[] {"a-legacy", "b-healthy"}) {
      schedules.create(
          ScheduleRequest.builder(id).startMachine("job", Map.of()).cron("* * * * *").build());
    }
    // as stored by the pre-issue-14 code, which accepted any JSON value here
    storeSettings("a-legacy", "{\"search_attributes\": {\"tags\": [\"a\", \"b\"]}}");
    clock.moveTo(Instant.parse("2026-04-09T12:01:00Z"));
    String failure = "none";
    try {
      schedules.tick();
    } catch (RuntimeException e) {
      // whatever the tick does with the unreadable row, the healthy schedule must still fire
      failure = e.toString();
    }
    assertThat(store.instances().instanceIds("job"))
        .as("runs of the healthy schedule (the tick failed with: " + failure + ")")
        .anyMatch(id -> id.startsWith("schedule:b-healthy:"));
  }

  @Test
  void aLegacyScheduleCanBeDescribedUpdatedAndDeleted() throws Exception {
    for (String id : new String[] {"legacy-updated", "legacy-deleted"}) {
      schedules.create(
          ScheduleRequest.builder(id).startMachine("job", Map.of()).cron("* * * * *").build());
      storeSettings(id, "{\"search_attributes\": {\"tags\": [\"a\", \"b\"]}}");
    }
    assertThat(schedules.describe("legacy-updated").settings().searchAttributes())
        .containsEntry("tags", List.of("a", "b"));

    // an update checks the settings it writes: the stored attribute must be fixed with it
    assertThatThrownBy(
            () -> schedules.update("legacy-updated", ScheduleUpdate.builder().notes("n").build()))
        .isInstanceOf(InvalidScheduleException.class)
        .hasMessageContaining("search_attributes.tags");
    schedules.update(
        "legacy-updated",
        ScheduleUpdate.builder().searchAttributes(Map.of("tags", "a,b")).notes("fixed").build());
    assertThat(schedules.describe("legacy-updated").settings().searchAttributes())
        .isEqualTo(Map.of("tags", "a,b"));

    schedules.delete("legacy-deleted", "cleanup");
    assertThat(schedules.describe("legacy-deleted").status()).isEqualTo(ScheduleStatus.DELETED);

    clock.moveTo(Instant.parse("2026-04-09T12:01:00Z"));
    schedules.tick();
    assertThat(
            engine
                .instances()
                .get("schedule:legacy-updated:2026-04-09T12:01:00Z")
                .searchAttributes())
        .isEqualTo(Map.of("tags", "a,b"));
  }

  @Test
  void aLegacySendEventScheduleWithRunSettingsStillSendsItsEvent() throws Exception {
    engine.create(NewInstance.of("job").id("target"));
    schedules.create(
        ScheduleRequest.builder("legacy-send")
            .sendEvent("target", "FINISH", Map.of())
            .cron("* * * * *")
            .build());
    storeSettings("legacy-send", "{\"labels\": {\"team\": \"ops\"}, \"queue\": \"fast\"}");
    assertThat(schedules.describe("legacy-send").settings().queue()).isEqualTo("fast");

    clock.moveTo(Instant.parse("2026-04-09T12:01:00Z"));
    schedules.tick();
    engine.runDue();
    assertThat(engine.instances().get("target").status()).isEqualTo(InstanceStatus.DONE);
  }

  @Test
  void aClaimedRowThatCannotBeReadIsSkippedByTheTick() throws Exception {
    for (String id : new String[] {"a-broken", "b-healthy"}) {
      schedules.create(
          ScheduleRequest.builder(id).startMachine("job", Map.of()).cron("* * * * *").build());
    }
    storeSettings("a-broken", "{\"spec\": {\"cron_expressions\": [\"not a cron\"]}}");
    clock.moveTo(Instant.parse("2026-04-09T12:01:00Z"));

    schedules.tick();

    assertThat(store.instances().instanceIds("job"))
        .containsExactly("schedule:b-healthy:2026-04-09T12:01:00Z");
  }

  @Test
  void aPendingTriggerStoredWithoutRunMetadataStartsItsRunWithTheSchedulesCurrentOnes()
      throws Exception {
    schedules.create(
        ScheduleRequest.builder("legacy-pending")
            .startMachine("job", Map.of())
            .cron("0 0 * * *")
            .labels(Map.of("team", "current"))
            .build());
    // as written before a pending trigger kept its run's queue and metadata
    String pending =
        PendingJson.write(
            List.of(
                new PendingTrigger(
                    1,
                    "schedule:legacy-pending:manual:1",
                    clock.instant(),
                    ScheduleAction.startMachine("job", Map.of()),
                    Map.of(),
                    OverlapPolicy.ALLOW_ALL,
                    null)));
    assertThat(pending).doesNotContain("labels");
    try (Connection c = DB.dataSource().getConnection();
        PreparedStatement s =
            c.prepareStatement(
                "UPDATE cw_schedules SET pending = ?::json, fires_count = 1"
                    + " WHERE schedule_id = 'legacy-pending'")) {
      s.setString(1, pending);
      assertThat(s.executeUpdate()).isEqualTo(1);
    }

    schedules.tick();

    assertThat(engine.instances().get("schedule:legacy-pending:manual:1").labels())
        .isEqualTo(Map.of("team", "current"));
    assertThat(schedules.describe("legacy-pending").record().pending()).isEmpty();
  }

  /** Merges {@code json} into a schedule's stored settings, as older code may have written them. */
  private static void storeSettings(String scheduleId, String json) throws Exception {
    try (Connection c = DB.dataSource().getConnection();
        PreparedStatement s =
            c.prepareStatement(
                "UPDATE cw_schedules SET settings = (settings::jsonb || ?::jsonb)::json"
                    + " WHERE schedule_id = ?")) {
      s.setString(1, json);
      s.setString(2, scheduleId);
      assertThat(s.executeUpdate()).isEqualTo(1);
    }
  }
}
