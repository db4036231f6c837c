package dev.clockwork.postgres.schedule;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.groups.Tuple.tuple;

import dev.clockwork.core.definition.Machine;
import dev.clockwork.core.definition.MachineDefinition;
import dev.clockwork.core.event.Event;
import dev.clockwork.postgres.PostgresStore;
import dev.clockwork.postgres.testing.EmbeddedPostgresDatabase;
import dev.clockwork.postgres.testing.TestDatabase;
import dev.clockwork.runtime.Engine;
import dev.clockwork.runtime.clock.VirtualClock;
import dev.clockwork.runtime.instance.HistoryQuery;
import dev.clockwork.runtime.store.HistoryEntry;
import dev.clockwork.schedule.ScheduleRequest;
import dev.clockwork.schedule.ScheduleUpdate;
import dev.clockwork.schedule.Schedules;
import dev.clockwork.schedule.audit.ScheduleAuditEvent;
import dev.clockwork.schedule.audit.ScheduleEventType;
import dev.clockwork.schedule.definition.OverlapPolicy;
import dev.clockwork.schedule.error.ScheduleDeletedException;
import dev.clockwork.schedule.outcome.BackfillResult;
import dev.clockwork.schedule.outcome.TickResult;
import dev.clockwork.schedule.outcome.TriggerOutcome;
import dev.clockwork.schedule.store.DuplicateScheduleException;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The schedules service end to end with both its stores on PostgreSQL. */
class SchedulesOnPostgresTest {
  static final TestDatabase DB = EmbeddedPostgresDatabase.shared().newDatabase();
  static final MachineDefinition INVOICE_SYNC =
      Machine.define("invoice-sync")
          .initial("syncing")
          .state("syncing", s -> s.on("FINISH", "done"))
          .finalState("done")
          .build();

  final VirtualClock clock = VirtualClock.at("2026-04-09T12:00:00Z");
  PostgresStore store;
  Engine engine;
  Schedules schedules;

  @BeforeEach
  void setUp() {
    DB.truncateClockworkTables();
    store = PostgresStore.builder().dataSource(DB.dataSource()).migrate(false).build();
    engine = Engine.builder().store(store).clock(clock).register(INVOICE_SYNC).build();
    schedules = new Schedules(engine, store.schedules());
  }

  @AfterEach
  void tearDown() {
    engine.close();
    store.close();
  }

  void createDailyInvoiceSync(OverlapPolicy policy) {
    schedules.create(
        ScheduleRequest.builder("daily-invoice-sync")
            .startMachine("invoice-sync", Map.of("mode", "nightly"))
            .cron("0 2 * * *")
            .timezone("America/New_York")
            .overlapPolicy(policy)
            .labels(Map.of("team", "billing"))
            .notes("Runs every night at 2 AM ET.")
            .build());
  }

  @Test
  void ticksStartOneInstancePerOccurrenceWithItsLineage() {
    createDailyInvoiceSync(OverlapPolicy.ALLOW_ALL);
    assertThat(schedules.describe("daily-invoice-sync").nextFireAt())
        .isEqualTo(Instant.parse("2026-04-10T06:00:00Z"));

    clock.moveTo(Instant.parse("2026-04-10T06:00:00Z"));
    List<TickResult> rows = schedules.tick();
    assertThat(rows)
        .singleElement()
        .satisfies(
            row -> {
              assertThat(row.outcome()).isEqualTo(TriggerOutcome.STARTED);
              assertThat(row.instanceId())
                  .isEqualTo("schedule:daily-invoice-sync:2026-04-10T06:00:00Z");
              assertThat(row.nextFireAt()).isEqualTo(Instant.parse("2026-04-11T06:00:00Z"));
            });
    assertThat(schedules.tick()).isEmpty();

    HistoryEntry origin =
        engine.instances().history(HistoryQuery.all(rows.get(0).instanceId())).get(0);
    assertThat(origin.payload())
        .containsEntry("schedule_id", "daily-invoice-sync")
        .containsEntry("occurrence_time", "2026-04-10T06:00:00Z");
    assertThat(engine.instances().get(rows.get(0).instanceId()).context().get("mode"))
        .isEqualTo("nightly");
  }

  @Test
  void aBufferedOccurrenceDrainsWhenTheRunEnds() {
    createDailyInvoiceSync(OverlapPolicy.BUFFER_ONE);
    clock.moveTo(Instant.parse("2026-04-10T06:00:00Z"));
    String first = schedules.tick().get(0).instanceId();
    clock.moveTo(Instant.parse("2026-04-11T06:00:00Z"));
    assertThat(schedules.tick().get(0).outcome()).isEqualTo(TriggerOutcome.BUFFERED);
    assertThat(schedules.describe("daily-invoice-sync").buffered()).hasSize(1);

    engine.send(first, Event.of("FINISH"));
    clock.moveTo(Instant.parse("2026-04-11T06:00:01Z"));
    TickResult drained = schedules.tick().get(0);
    assertThat(drained.outcome()).isEqualTo(TriggerOutcome.DRAINED);
    assertThat(drained.instanceId()).isEqualTo("schedule:daily-invoice-sync:2026-04-11T06:00:00Z");
    assertThat(schedules.describe("daily-invoice-sync").buffered()).isEmpty();
    assertThat(schedules.tick()).isEmpty();
  }

  @Test
  void backfillingTwiceStartsNothingNew() {
    createDailyInvoiceSync(OverlapPolicy.ALLOW_ALL);
    clock.moveTo(Instant.parse("2026-04-20T12:00:00Z"));
    schedules.pause("daily-invoice-sync", "outage");
    Instant from = Instant.parse("2026-04-10T00:00:00Z");
    Instant to = Instant.parse("2026-04-14T00:00:00Z");
    List<BackfillResult> first = schedules.backfill("daily-invoice-sync", from, to);
    assertThat(first)
        .extracting(BackfillResult::instanceId)
        .containsExactly(
            "schedule:daily-invoice-sync:backfill:2026-04-10T06:00:00Z",
            "schedule:daily-invoice-sync:backfill:2026-04-11T06:00:00Z",
            "schedule:daily-invoice-sync:backfill:2026-04-12T06:00:00Z",
            "schedule:daily-invoice-sync:backfill:2026-04-13T06:00:00Z");
    assertThat(schedules.backfill("daily-invoice-sync", from, to))
        .extracting(BackfillResult::outcome)
        .containsOnly(TriggerOutcome.ALREADY_STARTED);
    assertThat(store.instances().instanceIds("invoice-sync")).hasSize(4);
  }

  @Test
  void backfillStartsNoOccurrenceAfterNowNorTheOneItsTickIsAboutToFire() {
    createDailyInvoiceSync(OverlapPolicy.ALLOW_ALL);
    clock.moveTo(Instant.parse("2026-04-12T06:00:05Z")); // the 04-12 night is due, not yet ticked
    List<BackfillResult> results =
        schedules.backfill(
            "daily-invoice-sync",
            Instant.parse("2026-04-09T00:00:00Z"),
            Instant.parse("2026-04-20T00:00:00Z"));
    assertThat(results)
        .extracting(BackfillResult::cronTime)
        .containsExactly(Instant.parse("2026-04-09T06:00:00Z"));
    schedules.tick(); // the schedule was created at 04-09 12:00: its 04-10 night is the next due
    clock.moveTo(Instant.parse("2026-04-13T06:00:00Z"));
    schedules.tick();
    assertThat(store.instances().instanceIds("invoice-sync"))
        .containsExactlyInAnyOrder(
            "schedule:daily-invoice-sync:backfill:2026-04-09T06:00:00Z",
            "schedule:daily-invoice-sync:2026-04-10T06:00:00Z",
            "schedule:daily-invoice-sync:2026-04-13T06:00:00Z");
  }

  @Test
  void twoManualTriggersInOneInstantStartTwoRuns() {
    createDailyInvoiceSync(OverlapPolicy.ALLOW_ALL);
    String first = schedules.trigger("daily-invoice-sync");
    String second = schedules.trigger("daily-invoice-sync");
    assertThat(first).isEqualTo("schedule:daily-invoice-sync:manual:1");
    assertThat(second).isEqualTo("schedule:daily-invoice-sync:manual:2");
    assertThat(store.instances().instanceIds("invoice-sync"))
        .containsExactlyInAnyOrder(first, second);
    assertThat(schedules.describe("daily-invoice-sync").firesCount()).isEqualTo(2);
  }

  @Test
  void theAuditStreamOfAWholeLifeIsNumberedOneToSevenAndOutlivesTheSchedule() {
    createDailyInvoiceSync(OverlapPolicy.SKIP);
    schedules.pause("daily-invoice-sync", "maintenance");
    schedules.resume("daily-invoice-sync");
    schedules.update("daily-invoice-sync", ScheduleUpdate.builder().cron("30 3 * * *").build());
    String started = schedules.trigger("daily-invoice-sync");
    assertThat(started).isNotNull();
    assertThat(schedules.trigger("daily-invoice-sync")).isNull(); // still running: skipped
    schedules.delete("daily-invoice-sync");

    assertThat(schedules.history("daily-invoice-sync", 500, 0).events())
        .extracting(ScheduleAuditEvent::sequence, ScheduleAuditEvent::type)
        .containsExactly(
            tuple(1L, ScheduleEventType.ScheduleCreated),
            tuple(2L, ScheduleEventType.SchedulePaused),
            tuple(3L, ScheduleEventType.ScheduleResumed),
            tuple(4L, ScheduleEventType.ScheduleUpdated),
            tuple(5L, ScheduleEventType.ScheduleTriggered),
            tuple(6L, ScheduleEventType.ScheduleTriggerSkipped),
            tuple(7L, ScheduleEventType.ScheduleDeleted));
    assertThat(schedules.skipped("daily-invoice-sync"))
        .singleElement()
        .satisfies(skip -> assertThat(skip.reason()).isEqualTo("overlap_policy_skip"));
    assertThatThrownBy(() -> schedules.trigger("daily-invoice-sync"))
        .isInstanceOf(ScheduleDeletedException.class);
    assertThatThrownBy(() -> createDailyInvoiceSync(OverlapPolicy.SKIP))
        .isInstanceOf(DuplicateScheduleException.class);
  }

  @Test
  void oneShotRetryDeletesItselfAfterThreeRuns() {
    schedules.create(
        ScheduleRequest.builder("one-shot-retry")
            .startMachine("invoice-sync", Map.of())
            .cron("*/5 * * * *")
            .overlapPolicy(OverlapPolicy.ALLOW_ALL)
            .maxRuns(3)
            .build());
    for (int i = 1; i <= 4; i++) {
      clock.moveTo(Instant.parse("2026-04-09T12:00:00Z").plusSeconds(300L * i));
      schedules.tick();
    }
    assertThat(schedules.describe("one-shot-retry").status().wireName()).isEqualTo("deleted");
    assertThat(schedules.describe("one-shot-retry").record().deleteReason())
        .isEqualTo("max_runs_exhausted");
    assertThat(store.instances().instanceIds("invoice-sync")).hasSize(3);
  }

  @Test
  void aCycleWithoutAStartCountsFromCreationAcrossReloadsAndEndsAfterItsCount() {
    schedules.create(
        ScheduleRequest.builder("reminders")
            .startMachine("invoice-sync", Map.of())
            .cycle("R2/PT1H")
            .overlapPolicy(OverlapPolicy.ALLOW_ALL)
            .build());
    Schedules reloaded = new Schedules(engine, store.schedules());
    assertThat(reloaded.describe("reminders").spec())
        .containsEntry("cycles", List.of("R2/PT1H"))
        .containsEntry("cycle_anchor", "2026-04-09T12:00:00Z");
    assertThat(reloaded.describe("reminders").upcomingFireTimes())
        .containsExactly(
            Instant.parse("2026-04-09T13:00:00Z"), Instant.parse("2026-04-09T14:00:00Z"));
    clock.moveTo(Instant.parse("2026-04-09T13:00:00Z"));
    reloaded.tick();
    clock.moveTo(Instant.parse("2026-04-09T14:00:00Z"));
    assertThat(reloaded.tick()).singleElement().satisfies(r -> assertThat(r.nextFireAt()).isNull());
    assertThat(reloaded.describe("reminders").record().deleteReason()).isEqualTo("spec_exhausted");
    assertThat(store.instances().instanceIds("invoice-sync")).hasSize(2);
  }

  @Test
  void aTimeDateFiresOnceOnPostgres() {
    schedules.create(
        ScheduleRequest.builder("release")
            .startMachine("invoice-sync", Map.of())
            .date("2026-04-10T08:00:00+02:00[Europe/Berlin]")
            .build());
    assertThat(schedules.describe("release").nextFireAt())
        .isEqualTo(Instant.parse("2026-04-10T06:00:00Z"));
    clock.moveTo(Instant.parse("2026-04-10T06:00:00Z"));
    assertThat(schedules.tick())
        .singleElement()
        .satisfies(r -> assertThat(r.outcome()).isEqualTo(TriggerOutcome.STARTED));
    assertThat(schedules.describe("release").status().wireName()).isEqualTo("deleted");
  }
}
