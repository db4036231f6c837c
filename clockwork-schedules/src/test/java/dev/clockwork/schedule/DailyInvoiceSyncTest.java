package dev.clockwork.schedule;

import static dev.clockwork.schedule.ScheduleFixture.t;
import static org.assertj.core.api.Assertions.assertThat;

import dev.clockwork.core.definition.Machine;
import dev.clockwork.core.definition.MachineDefinition;
import dev.clockwork.runtime.store.HistoryEntry;
import dev.clockwork.schedule.audit.SchedulePayloadContract;
import dev.clockwork.schedule.definition.OverlapPolicy;
import dev.clockwork.schedule.outcome.TickResult;
import dev.clockwork.schedule.outcome.TriggerOutcome;
import dev.clockwork.schedule.store.ScheduleStatus;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The seed's first example: {@code daily-invoice-sync} at 2 AM in New York. */
class DailyInvoiceSyncTest {
  static final MachineDefinition INVOICE_SYNC =
      Machine.define("invoice-sync")
          .initial("syncing")
          .state("syncing", s -> s.on("FINISH", "done"))
          .finalState("done")
          .build();

  ScheduleFixture fixture;
  ScheduleDescription created;

  @BeforeEach
  void create() {
    fixture = ScheduleFixture.at("2026-03-01T12:00:00Z", INVOICE_SYNC);
    created =
        fixture.schedules.create(
            ScheduleRequest.builder("daily-invoice-sync")
                .startMachine("invoice-sync", Map.of("arguments", List.of("nightly")))
                .cron("0 2 * * *")
                .timezone("America/New_York")
                .overlapPolicy(OverlapPolicy.SKIP)
                .labels(Map.of("team", "billing"))
                .memo(Map.of("origin", "scheduled"))
                .searchAttributes(Map.of("tenant_id", "42"))
                .notes("Runs every night at 2 AM ET.")
                .build());
  }

  @Test
  void describesWhatWasCreated() {
    ScheduleDescription described = fixture.schedules.describe("daily-invoice-sync");
    assertThat(described.scheduleId()).isEqualTo("daily-invoice-sync");
    assertThat(described.namespace()).isEqualTo("default");
    assertThat(described.status()).isEqualTo(ScheduleStatus.ACTIVE);
    assertThat(described.spec())
        .isEqualTo(
            Map.of("cron_expressions", List.of("0 2 * * *"), "timezone", "America/New_York"));
    assertThat(described.overlapPolicy()).isEqualTo(OverlapPolicy.SKIP);
    assertThat(described.firesCount()).isZero();
    assertThat(described.nextFireAt()).isEqualTo(t("2026-03-02T07:00:00Z")); // 2 AM EST
    assertThat(described.lastFiredAt()).isNull();
    assertThat(described.latestInstanceId()).isNull();
    assertThat(described.jitterSeconds()).isZero();
    assertThat(described.note()).isEqualTo("Runs every night at 2 AM ET.");
    assertThat(described.settings().labels()).containsEntry("team", "billing");
    assertThat(described.settings().memo()).containsEntry("origin", "scheduled");
    assertThat(described.settings().searchAttributes()).containsEntry("tenant_id", "42");
    assertThat(described.toMap())
        .containsEntry("schedule_id", "daily-invoice-sync")
        .containsEntry("status", "active")
        .containsEntry("overlap_policy", "skip")
        .containsEntry("fires_count", 0L)
        .containsEntry("next_fire_at", "2026-03-02T07:00:00Z")
        .containsKeys("schedule_ulid", "last_skip_reason", "skipped_trigger_count");
    assertThat(created.record().ulid()).hasSize(26);
  }

  @Test
  void listsItsNextFireTimesAcrossTheSpringForwardNight() {
    assertThat(fixture.schedules.describe("daily-invoice-sync", 9).upcomingFireTimes())
        .endsWith(
            t("2026-03-07T07:00:00Z"), // 2 AM EST
            t("2026-03-08T07:00:00Z"), // 2 AM does not exist; the first instant after the gap
            t("2026-03-09T06:00:00Z"), // 2 AM EDT
            t("2026-03-10T06:00:00Z"));
  }

  @Test
  void startsOneInvoiceSyncPerNightWithItsInputAndLineage() {
    List<TickResult> rows = fixture.tickAt("2026-03-02T07:00:00Z");
    String id = "schedule:daily-invoice-sync:2026-03-02T07:00:00Z";
    assertThat(rows)
        .singleElement()
        .satisfies(
            row -> {
              assertThat(row.scheduleId()).isEqualTo("daily-invoice-sync");
              assertThat(row.instanceId()).isEqualTo(id);
              assertThat(row.outcome()).isEqualTo(TriggerOutcome.STARTED);
              assertThat(row.occurrenceTime()).isEqualTo(t("2026-03-02T07:00:00Z"));
              assertThat(row.lastFiredAt()).isEqualTo(t("2026-03-02T07:00:00Z"));
              assertThat(row.nextFireAt()).isEqualTo(t("2026-03-03T07:00:00Z"));
            });
    assertThat(fixture.instance(id).context()).containsEntry("arguments", List.of("nightly"));
    HistoryEntry origin = fixture.history(id).get(0);
    assertThat(origin.kind()).isEqualTo(HistoryEntry.Kind.ORIGIN);
    assertThat(origin.event()).isEqualTo("ScheduleTriggered");
    assertThat(origin.payload().keySet())
        .containsExactlyInAnyOrderElementsOf(SchedulePayloadContract.LINEAGE_KEYS);
    assertThat(origin.payload())
        .containsEntry("schedule_id", "daily-invoice-sync")
        .containsEntry("schedule_ulid", created.record().ulid())
        .containsEntry("cron_expression", "0 2 * * *")
        .containsEntry("timezone", "America/New_York")
        .containsEntry("overlap_policy", "skip")
        .containsEntry("occurrence_time", "2026-03-02T07:00:00Z");
    assertThat(((Number) origin.payload().get("trigger_number")).intValue()).isEqualTo(1);
    assertThat(fixture.tickAt("2026-03-02T08:00:00Z")).isEmpty();
  }

  @Test
  void skipsANightWhileTheLastSyncStillRuns() {
    fixture.tickAt("2026-03-02T07:00:00Z");
    List<TickResult> rows = fixture.tickAt("2026-03-03T07:00:00Z");
    assertThat(rows)
        .singleElement()
        .satisfies(
            row -> {
              assertThat(row.outcome()).isEqualTo(TriggerOutcome.SKIPPED);
              assertThat(row.reason()).isEqualTo("overlap_policy_skip");
              assertThat(row.instanceId()).isNull();
            });
    ScheduleDescription described = fixture.schedules.describe("daily-invoice-sync");
    assertThat(described.lastSkipReason()).isEqualTo("overlap_policy_skip");
    assertThat(described.lastSkippedAt()).isEqualTo(t("2026-03-03T07:00:00Z"));
    assertThat(described.skippedTriggerCount()).isEqualTo(1);
    assertThat(described.firesCount()).isEqualTo(1);
  }

  @Test
  void firesAtTheRightInstantEveryNightThroughDaylightSavingTime() {
    fixture.clock.moveTo(t("2026-03-06T12:00:00Z"));
    fixture.schedules.pause("daily-invoice-sync", "deploy");
    fixture.schedules.resume("daily-invoice-sync");
    List<String> fired = new java.util.ArrayList<>();
    for (String at :
        List.of("2026-03-07T07:00:00Z", "2026-03-08T07:00:00Z", "2026-03-09T06:00:00Z")) {
      TickResult row = fixture.tickAt(at).get(0);
      fired.add(row.occurrenceTime().toString());
      fixture.finish(row.instanceId());
    }
    assertThat(fired)
        .containsExactly("2026-03-07T07:00:00Z", "2026-03-08T07:00:00Z", "2026-03-09T06:00:00Z");
    assertThat(fixture.schedules.describe("daily-invoice-sync").firesCount()).isEqualTo(3);
  }
}
