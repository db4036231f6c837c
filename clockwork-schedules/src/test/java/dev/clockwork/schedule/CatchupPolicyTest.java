package dev.clockwork.schedule;

import static dev.clockwork.schedule.ScheduleFixture.t;
import static org.assertj.core.api.Assertions.assertThat;

import dev.clockwork.schedule.audit.ScheduleAuditEvent;
import dev.clockwork.schedule.audit.ScheduleEventType;
import dev.clockwork.schedule.definition.CatchupPolicy;
import dev.clockwork.schedule.definition.OverlapPolicy;
import dev.clockwork.schedule.outcome.TickResult;
import dev.clockwork.schedule.outcome.TriggerOutcome;
import dev.clockwork.schedule.store.SkippedOccurrence;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * An hourly schedule whose scheduler was down from 10:30 to 15:30: five occurrences (11:00 to
 * 15:00) passed. What each catch-up policy does with them.
 */
class CatchupPolicyTest {
  ScheduleFixture fixture = ScheduleFixture.at("2026-03-01T10:30:00Z");

  void create(CatchupPolicy catchup, String window) {
    ScheduleRequest.Builder builder =
        ScheduleRequest.builder("hourly")
            .startMachine("pulse", Map.of())
            .cron("0 * * * *")
            .overlapPolicy(OverlapPolicy.ALLOW_ALL)
            .catchup(catchup);
    if (window != null) {
      builder.catchupWindow(window);
    }
    fixture.schedules.create(builder.build());
  }

  @Test
  void onceStartsTheOverdueOccurrenceAndResumesFromNow() {
    create(CatchupPolicy.ONCE, null);
    List<TickResult> rows = fixture.tickAt("2026-03-01T15:30:00Z");
    assertThat(rows.get(0).outcome()).isEqualTo(TriggerOutcome.STARTED);
    assertThat(rows.get(0).occurrenceTime()).isEqualTo(t("2026-03-01T11:00:00Z"));
    assertThat(rows.subList(1, rows.size()))
        .extracting(TickResult::occurrenceTime)
        .containsExactly(
            t("2026-03-01T12:00:00Z"),
            t("2026-03-01T13:00:00Z"),
            t("2026-03-01T14:00:00Z"),
            t("2026-03-01T15:00:00Z"));
    assertThat(rows)
        .allSatisfy(r -> assertThat(r.nextFireAt()).isEqualTo(t("2026-03-01T16:00:00Z")));
    assertThat(fixture.instances("pulse")).containsExactly("schedule:hourly:2026-03-01T11:00:00Z");
    assertThat(fixture.schedules.skipped("hourly"))
        .hasSize(4)
        .allSatisfy(s -> assertThat(s.reason()).isEqualTo("catchup_once"));
    ScheduleDescription described = fixture.schedules.describe("hourly");
    assertThat(described.skippedTriggerCount()).isEqualTo(4);
    assertThat(described.lastSkipReason()).isEqualTo("catchup_once");
    assertThat(described.catchup()).isEqualTo(CatchupPolicy.ONCE);
  }

  @Test
  void onceIsTheDefault() {
    fixture.schedules.create(
        ScheduleRequest.builder("plain").startMachine("pulse", Map.of()).cron("0 * * * *").build());
    assertThat(fixture.schedules.describe("plain").catchup()).isEqualTo(CatchupPolicy.ONCE);
    assertThat(fixture.schedules.describe("plain").settings().catchupWindow())
        .isEqualTo(java.time.Duration.ofDays(365));
  }

  @Test
  void allStartsEveryMissedOccurrenceInOrder() {
    create(CatchupPolicy.ALL, null);
    List<TickResult> rows = fixture.tickAt("2026-03-01T15:30:00Z");
    assertThat(rows).extracting(TickResult::outcome).containsOnly(TriggerOutcome.STARTED);
    assertThat(rows)
        .extracting(TickResult::instanceId)
        .containsExactly(
            "schedule:hourly:2026-03-01T11:00:00Z",
            "schedule:hourly:2026-03-01T12:00:00Z",
            "schedule:hourly:2026-03-01T13:00:00Z",
            "schedule:hourly:2026-03-01T14:00:00Z",
            "schedule:hourly:2026-03-01T15:00:00Z");
    assertThat(fixture.schedules.describe("hourly").nextFireAt())
        .isEqualTo(t("2026-03-01T16:00:00Z"));
    assertThat(fixture.schedules.skipped("hourly")).isEmpty();
  }

  @Test
  void allLeavesOccurrencesOlderThanTheWindowAsSkipped() {
    create(CatchupPolicy.ALL, "PT2H");
    List<TickResult> rows = fixture.tickAt("2026-03-01T15:30:00Z");
    assertThat(fixture.instances("pulse"))
        .containsExactly(
            "schedule:hourly:2026-03-01T14:00:00Z", "schedule:hourly:2026-03-01T15:00:00Z");
    assertThat(fixture.schedules.skipped("hourly"))
        .extracting(SkippedOccurrence::occurrence)
        .containsExactly(
            t("2026-03-01T11:00:00Z"), t("2026-03-01T12:00:00Z"), t("2026-03-01T13:00:00Z"));
    assertThat(fixture.schedules.skipped("hourly"))
        .allSatisfy(s -> assertThat(s.reason()).isEqualTo("outside_catchup_window"));
    assertThat(rows).hasSize(5);
  }

  @Test
  void allStillAppliesTheOverlapPolicyToEachOccurrence() {
    fixture.schedules.create(
        ScheduleRequest.builder("hourly-job")
            .startMachine("job", Map.of())
            .cron("0 * * * *")
            .catchup(CatchupPolicy.ALL)
            .build());
    List<TickResult> rows = fixture.tickAt("2026-03-01T15:30:00Z");
    assertThat(rows)
        .extracting(TickResult::outcome)
        .containsExactly(
            TriggerOutcome.STARTED,
            TriggerOutcome.SKIPPED,
            TriggerOutcome.SKIPPED,
            TriggerOutcome.SKIPPED,
            TriggerOutcome.SKIPPED);
  }

  @Test
  void skipRunsOnlyTheLatestOccurrenceAndRecordsTheOthers() {
    create(CatchupPolicy.SKIP, null);
    List<TickResult> rows = fixture.tickAt("2026-03-01T15:30:00Z");
    assertThat(fixture.instances("pulse")).containsExactly("schedule:hourly:2026-03-01T15:00:00Z");
    assertThat(fixture.schedules.skipped("hourly"))
        .extracting(SkippedOccurrence::occurrence)
        .containsExactly(
            t("2026-03-01T11:00:00Z"),
            t("2026-03-01T12:00:00Z"),
            t("2026-03-01T13:00:00Z"),
            t("2026-03-01T14:00:00Z"));
    assertThat(fixture.schedules.skipped("hourly"))
        .allSatisfy(s -> assertThat(s.reason()).isEqualTo("catchup_skip"));
    assertThat(rows).hasSize(5);
    List<ScheduleAuditEvent> skipped =
        fixture.schedules.history("hourly").events().stream()
            .filter(e -> e.type() == ScheduleEventType.ScheduleTriggerSkipped)
            .toList();
    assertThat(skipped)
        .singleElement()
        .satisfies(
            e -> {
              assertThat(e.payload()).containsEntry("reason", "catchup_skip");
              assertThat(((Number) e.payload().get("skipped_trigger_count")).intValue())
                  .isEqualTo(4);
            });
  }

  @Test
  void anOnTimeTickMissesNothingUnderAnyPolicy() {
    create(CatchupPolicy.SKIP, null);
    assertThat(fixture.tickAt("2026-03-01T11:00:30Z"))
        .singleElement()
        .satisfies(r -> assertThat(r.outcome()).isEqualTo(TriggerOutcome.STARTED));
    assertThat(fixture.schedules.skipped("hourly")).isEmpty();
  }

  @Test
  void recordsAtMostTheConfiguredNumberOfMissesOneByOne() {
    ScheduleFixture capped = ScheduleFixture.at("2026-03-01T10:30:00Z", o -> o.maxMissedRecords(3));
    capped.schedules.create(
        ScheduleRequest.builder("minutely")
            .startMachine("pulse", Map.of())
            .cron("* * * * *")
            .build());
    capped.tickAt("2026-03-01T11:30:00Z");
    List<SkippedOccurrence> skipped = capped.schedules.skipped("minutely");
    assertThat(skipped).hasSize(3);
    assertThat(skipped.get(2).detail()).contains("only the first 3");
    assertThat(capped.schedules.describe("minutely").nextFireAt())
        .isEqualTo(t("2026-03-01T11:31:00Z"));
  }

  @Test
  void aLongCatchUpSpreadsOverSeveralTicksWhenTheBudgetIsSmall() {
    ScheduleFixture small =
        ScheduleFixture.at(
            "2026-03-01T10:30:00Z", o -> o.maxTriggersPerTick(3).maxOccurrencesPerClaim(2));
    small.schedules.create(
        ScheduleRequest.builder("hourly")
            .startMachine("pulse", Map.of())
            .cron("0 * * * *")
            .overlapPolicy(OverlapPolicy.ALLOW_ALL)
            .catchup(CatchupPolicy.ALL)
            .build());
    assertThat(small.tickAt("2026-03-01T15:30:00Z")).hasSize(3);
    assertThat(small.schedules.tick()).hasSize(2);
    assertThat(small.schedules.tick()).isEmpty();
    assertThat(small.instances("pulse")).hasSize(5);
  }
}
