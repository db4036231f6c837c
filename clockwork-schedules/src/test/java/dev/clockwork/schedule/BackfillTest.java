package dev.clockwork.schedule;

import static dev.clockwork.schedule.ScheduleFixture.t;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.clockwork.schedule.audit.ScheduleAuditEvent;
import dev.clockwork.schedule.audit.ScheduleEventType;
import dev.clockwork.schedule.definition.InvalidScheduleException;
import dev.clockwork.schedule.definition.OverlapPolicy;
import dev.clockwork.schedule.error.ScheduleDeletedException;
import dev.clockwork.schedule.outcome.BackfillResult;
import dev.clockwork.schedule.outcome.TriggerOutcome;
import dev.clockwork.schedule.store.ScheduleStatus;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;

/** The seed's backfill of {@code daily-invoice-sync} from 2026-04-10 to 2026-04-14. */
class BackfillTest {
  static final ZoneId NEW_YORK = ZoneId.of("America/New_York");
  static final Instant FROM =
      LocalDateTime.parse("2026-04-10T00:00:00").atZone(NEW_YORK).toInstant();
  static final Instant TO = LocalDateTime.parse("2026-04-14T00:00:00").atZone(NEW_YORK).toInstant();
  static final List<Instant> NIGHTS =
      List.of(
          t("2026-04-10T06:00:00Z"),
          t("2026-04-11T06:00:00Z"),
          t("2026-04-12T06:00:00Z"),
          t("2026-04-13T06:00:00Z"));

  ScheduleFixture fixture = ScheduleFixture.at("2026-04-20T12:00:00Z");

  void create(Consumer<ScheduleRequest.Builder> parameters) {
    ScheduleRequest.Builder builder =
        ScheduleRequest.builder("daily-invoice-sync")
            .startMachine("job", Map.of())
            .cron("0 2 * * *")
            .timezone("America/New_York");
    parameters.accept(builder);
    fixture.schedules.create(builder.build());
  }

  @Test
  void startsEveryNightOfTheWindowUnderAnAllowAllOverride() {
    create(b -> {});
    List<BackfillResult> results =
        fixture.schedules.backfill("daily-invoice-sync", FROM, TO, OverlapPolicy.ALLOW_ALL);
    assertThat(results).extracting(BackfillResult::cronTime).containsExactlyElementsOf(NIGHTS);
    assertThat(results)
        .extracting(BackfillResult::instanceId)
        .containsExactly(
            "schedule:daily-invoice-sync:backfill:2026-04-10T06:00:00Z",
            "schedule:daily-invoice-sync:backfill:2026-04-11T06:00:00Z",
            "schedule:daily-invoice-sync:backfill:2026-04-12T06:00:00Z",
            "schedule:daily-invoice-sync:backfill:2026-04-13T06:00:00Z");
    assertThat(results.get(0).toMap())
        .containsEntry("schedule_id", "daily-invoice-sync")
        .containsEntry("cron_time", "2026-04-10T06:00:00Z");
    assertThat(fixture.instances("job")).hasSize(4);
    assertThat(fixture.history(results.get(3).instanceId()).get(0).payload())
        .containsEntry("occurrence_time", "2026-04-13T06:00:00Z")
        .containsEntry("overlap_policy", "allow_all");
    ScheduleDescription described = fixture.schedules.describe("daily-invoice-sync");
    assertThat(described.firesCount()).isEqualTo(4);
    assertThat(described.latestInstanceId()).isEqualTo(results.get(3).instanceId());
  }

  @Test
  void theSkipPolicyAppliesToEachOccurrence() {
    create(b -> {});
    List<BackfillResult> results = fixture.schedules.backfill("daily-invoice-sync", FROM, TO);
    assertThat(results)
        .extracting(BackfillResult::outcome)
        .containsExactly(
            TriggerOutcome.STARTED,
            TriggerOutcome.SKIPPED,
            TriggerOutcome.SKIPPED,
            TriggerOutcome.SKIPPED);
    assertThat(results.get(1).reason()).isEqualTo("overlap_policy_skip");
    assertThat(results.get(1).instanceId()).isNull();
    assertThat(fixture.schedules.skipped("daily-invoice-sync"))
        .extracting(s -> s.occurrence())
        .containsExactlyElementsOf(NIGHTS.subList(1, 4));
  }

  @Test
  void bufferPoliciesActAsAllowAll() {
    create(b -> b.overlapPolicy(OverlapPolicy.BUFFER_ALL));
    List<BackfillResult> results = fixture.schedules.backfill("daily-invoice-sync", FROM, TO);
    assertThat(results).extracting(BackfillResult::outcome).containsOnly(TriggerOutcome.STARTED);
    assertThat(fixture.schedules.describe("daily-invoice-sync").record().bufferedCount()).isZero();
    List<ScheduleAuditEvent> triggered =
        fixture.schedules.history("daily-invoice-sync").events().stream()
            .filter(e -> e.type() == ScheduleEventType.ScheduleTriggered)
            .toList();
    assertThat(triggered)
        .extracting(e -> e.payload().get("effective_overlap_policy"))
        .containsOnly("allow_all");
  }

  @Test
  void anExplicitBufferOverrideActsAsAllowAllToo() {
    create(b -> {});
    assertThat(fixture.schedules.backfill("daily-invoice-sync", FROM, TO, OverlapPolicy.BUFFER_ONE))
        .extracting(BackfillResult::outcome)
        .containsOnly(TriggerOutcome.STARTED);
  }

  @Test
  void runningTheSameBackfillTwiceStartsNothingNew() {
    create(b -> b.overlapPolicy(OverlapPolicy.ALLOW_ALL));
    fixture.schedules.backfill("daily-invoice-sync", FROM, TO);
    List<BackfillResult> again = fixture.schedules.backfill("daily-invoice-sync", FROM, TO);
    assertThat(again)
        .extracting(BackfillResult::outcome)
        .containsOnly(TriggerOutcome.ALREADY_STARTED);
    assertThat(fixture.instances("job")).hasSize(4);
    assertThat(fixture.schedules.describe("daily-invoice-sync").firesCount()).isEqualTo(4);
  }

  @Test
  void stopsAndDeletesTheScheduleWhenMaxRunsAreUsedUp() {
    create(b -> b.overlapPolicy(OverlapPolicy.ALLOW_ALL).maxRuns(2));
    List<BackfillResult> results = fixture.schedules.backfill("daily-invoice-sync", FROM, TO);
    assertThat(results).hasSize(2);
    ScheduleDescription described = fixture.schedules.describe("daily-invoice-sync");
    assertThat(described.status()).isEqualTo(ScheduleStatus.DELETED);
    assertThat(described.record().deleteReason()).isEqualTo("max_runs_exhausted");
    assertThat(fixture.instances("job")).hasSize(2);
  }

  @Test
  void usesCanonicalTimesWhateverTheJitter() {
    create(b -> b.overlapPolicy(OverlapPolicy.ALLOW_ALL).jitterSeconds(300));
    assertThat(fixture.schedules.backfill("daily-invoice-sync", FROM, TO))
        .extracting(BackfillResult::cronTime)
        .containsExactlyElementsOf(NIGHTS);
  }

  @Test
  void backfillsAPausedSchedule() {
    create(b -> b.overlapPolicy(OverlapPolicy.ALLOW_ALL));
    fixture.schedules.pause("daily-invoice-sync", "outage");
    assertThat(fixture.schedules.backfill("daily-invoice-sync", FROM, TO)).hasSize(4);
  }

  @Test
  void aWindowReachingPastNowStartsOnlyTheOccurrencesUpToNow() {
    ScheduleFixture hourly = ScheduleFixture.at("2026-04-20T12:30:00Z");
    createHourly(hourly);
    List<BackfillResult> results =
        hourly.schedules.backfill("hourly", t("2026-04-20T10:00:00Z"), t("2026-04-20T15:00:00Z"));
    assertThat(results)
        .extracting(BackfillResult::cronTime)
        .containsExactly(
            t("2026-04-20T10:00:00Z"), t("2026-04-20T11:00:00Z"), t("2026-04-20T12:00:00Z"));
    assertThat(
            hourly.schedules.backfill(
                "hourly", t("2026-04-20T14:00:00Z"), t("2026-04-20T15:00:00Z")))
        .isEmpty();

    hourly.tickAt("2026-04-20T13:00:00Z");
    hourly.tickAt("2026-04-20T14:00:00Z");
    assertThat(hourly.instances("job"))
        .containsExactlyInAnyOrder(
            "schedule:hourly:backfill:2026-04-20T10:00:00Z",
            "schedule:hourly:backfill:2026-04-20T11:00:00Z",
            "schedule:hourly:backfill:2026-04-20T12:00:00Z",
            "schedule:hourly:2026-04-20T13:00:00Z",
            "schedule:hourly:2026-04-20T14:00:00Z");
    assertThat(hourly.schedules.describe("hourly").firesCount()).isEqualTo(5);
  }

  @Test
  void theOccurrenceTheScheduleIsAboutToFireIsLeftToItsTick() {
    ScheduleFixture hourly = ScheduleFixture.at("2026-04-20T12:30:00Z");
    createHourly(hourly);
    hourly.clock.moveTo(t("2026-04-20T13:00:05Z")); // 13:00 is due; no tick has run yet
    assertThat(
            hourly.schedules.backfill(
                "hourly", t("2026-04-20T12:00:00Z"), t("2026-04-20T15:00:00Z")))
        .extracting(BackfillResult::cronTime)
        .containsExactly(t("2026-04-20T12:00:00Z"));
    hourly.schedules.tick();
    assertThat(hourly.instances("job"))
        .containsExactlyInAnyOrder(
            "schedule:hourly:backfill:2026-04-20T12:00:00Z",
            "schedule:hourly:2026-04-20T13:00:00Z");
  }

  @Test
  void anOccurrenceATickAlreadyRanIsNotStartedAgain() {
    ScheduleFixture hourly = ScheduleFixture.at("2026-04-20T12:30:00Z");
    createHourly(hourly);
    hourly.tickAt("2026-04-20T13:00:00Z");
    hourly.clock.moveTo(t("2026-04-20T13:30:00Z"));
    assertThat(
            hourly.schedules.backfill(
                "hourly", t("2026-04-20T12:00:00Z"), t("2026-04-20T14:00:00Z")))
        .extracting(BackfillResult::outcome)
        .containsExactly(TriggerOutcome.STARTED, TriggerOutcome.ALREADY_STARTED);
    assertThat(hourly.instances("job"))
        .containsExactlyInAnyOrder(
            "schedule:hourly:backfill:2026-04-20T12:00:00Z",
            "schedule:hourly:2026-04-20T13:00:00Z");
  }

  private static void createHourly(ScheduleFixture hourly) {
    hourly.schedules.create(
        ScheduleRequest.builder("hourly")
            .startMachine("job", Map.of())
            .cron("0 * * * *")
            .overlapPolicy(OverlapPolicy.ALLOW_ALL)
            .build());
  }

  @Test
  void refusesAnEmptyOrHugeWindowAndADeletedSchedule() {
    create(b -> b.cron("* * * * * *"));
    assertThatThrownBy(() -> fixture.schedules.backfill("daily-invoice-sync", TO, FROM))
        .isInstanceOf(InvalidScheduleException.class)
        .hasMessageContaining("'from' must come before 'to'");
    assertThatThrownBy(() -> fixture.schedules.backfill("daily-invoice-sync", FROM, TO))
        .isInstanceOf(InvalidScheduleException.class)
        .hasMessageContaining("more than 10000 occurrences");
    assertThat(fixture.instances("job")).isEmpty();
    fixture.schedules.delete("daily-invoice-sync");
    assertThatThrownBy(() -> fixture.schedules.backfill("daily-invoice-sync", FROM, TO))
        .isInstanceOf(ScheduleDeletedException.class)
        .hasMessageContaining("cannot be backfilled");
  }
}
