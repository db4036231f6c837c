package dev.clockwork.schedule;

import static dev.clockwork.schedule.ScheduleFixture.t;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.groups.Tuple.tuple;

import dev.clockwork.schedule.definition.CatchupPolicy;
import dev.clockwork.schedule.definition.OverlapPolicy;
import dev.clockwork.schedule.outcome.BackfillResult;
import dev.clockwork.schedule.outcome.TickResult;
import dev.clockwork.schedule.outcome.TriggerOutcome;
import dev.clockwork.schedule.store.ScheduleStatus;
import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.Test;

/**
 * Cycles under the schedule policies, as intervals are: a cycle's count is of occurrences (run or
 * skipped), max runs is of runs, manual triggers use no occurrence, a pause loses the occurrences
 * it spans, backfill enumerates them, and a start already past is caught up by the catch-up policy.
 */
class CyclePoliciesTest {
  static final String DAILY_THREE = "R3/2026-04-27T17:20:00Z/P1D";

  ScheduleFixture fixture = ScheduleFixture.at("2026-04-27T10:00:00Z");

  ScheduleDescription create(String cycle, UnaryOperator<ScheduleRequest.Builder> change) {
    return fixture.schedules.create(
        change
            .apply(ScheduleRequest.builder("c").startMachine("pulse", Map.of()).cycle(cycle))
            .build());
  }

  @Test
  void occurrencesSkippedByTheOverlapPolicyUseUpTheCount() {
    create(DAILY_THREE, b -> b.startMachine("job", Map.of()));
    assertThat(fixture.tickAt("2026-04-27T17:20:00Z").get(0).outcome())
        .isEqualTo(TriggerOutcome.STARTED);
    assertThat(fixture.tickAt("2026-04-28T17:20:00Z").get(0).reason())
        .isEqualTo("overlap_policy_skip");
    assertThat(fixture.tickAt("2026-04-29T17:20:00Z").get(0).outcome())
        .isEqualTo(TriggerOutcome.SKIPPED);
    ScheduleDescription after = fixture.schedules.describe("c");
    assertThat(after.firesCount()).isEqualTo(1);
    assertThat(after.record().deleteReason()).isEqualTo("spec_exhausted");
  }

  @Test
  void maxRunsBelowTheCountEndsTheScheduleFirst() {
    create("R5/2026-04-27T17:20:00Z/P1D", b -> b.maxRuns(2));
    fixture.tickAt("2026-04-27T17:20:00Z");
    fixture.tickAt("2026-04-28T17:20:00Z");
    ScheduleDescription after = fixture.schedules.describe("c");
    assertThat(after.status()).isEqualTo(ScheduleStatus.DELETED);
    assertThat(after.record().deleteReason()).isEqualTo("max_runs_exhausted");
  }

  @Test
  void theCountEndsTheScheduleBeforeAHigherMaxRuns() {
    create("R2/2026-04-27T17:20:00Z/P1D", b -> b.maxRuns(5));
    fixture.tickAt("2026-04-27T17:20:00Z");
    fixture.tickAt("2026-04-28T17:20:00Z");
    ScheduleDescription after = fixture.schedules.describe("c");
    assertThat(after.record().deleteReason()).isEqualTo("spec_exhausted");
    assertThat(after.remainingActions()).isEqualTo(3);
  }

  @Test
  void aManualTriggerUsesNoOccurrenceOfTheCycle() {
    create("R2/2026-04-27T17:20:00Z/P1D", b -> b);
    assertThat(fixture.schedules.trigger("c")).isNotNull();
    assertThat(fixture.schedules.describe("c").upcomingFireTimes())
        .containsExactly(t("2026-04-27T17:20:00Z"), t("2026-04-28T17:20:00Z"));
  }

  @Test
  void aPauseLosesTheOccurrencesItSpansAndResumeTakesTheNextOne() {
    create(DAILY_THREE, b -> b);
    fixture.schedules.pause("c", "freeze");
    fixture.clock.moveTo(t("2026-04-28T18:00:00Z"));
    assertThat(fixture.schedules.resume("c").nextFireAt()).isEqualTo(t("2026-04-29T17:20:00Z"));
    assertThat(fixture.tickAt("2026-04-29T17:20:00Z").get(0).nextFireAt()).isNull();
    assertThat(fixture.schedules.describe("c").status()).isEqualTo(ScheduleStatus.DELETED);
    assertThat(fixture.instances("pulse")).hasSize(1);
  }

  @Test
  void aStartAlreadyPastIsCaughtUpOnceByDefault() {
    ScheduleDescription created = create("R3/2026-04-26T09:00:00Z/P1D", b -> b);
    assertThat(created.nextFireAt()).isEqualTo(t("2026-04-26T09:00:00Z"));
    List<TickResult> rows = fixture.tickAt("2026-04-27T10:00:01Z");
    assertThat(rows)
        .extracting(TickResult::outcome, TickResult::occurrenceTime, TickResult::reason)
        .containsExactly(
            tuple(TriggerOutcome.STARTED, t("2026-04-26T09:00:00Z"), null),
            tuple(TriggerOutcome.SKIPPED, t("2026-04-27T09:00:00Z"), "catchup_once"));
    assertThat(fixture.schedules.describe("c").nextFireAt()).isEqualTo(t("2026-04-28T09:00:00Z"));
  }

  @Test
  void aStartAlreadyPastRunsOnlyTheLatestOccurrenceUnderCatchupSkip() {
    create("R3/2026-04-26T09:00:00Z/P1D", b -> b.catchup(CatchupPolicy.SKIP));
    assertThat(fixture.tickAt("2026-04-27T10:00:01Z"))
        .extracting(TickResult::outcome, TickResult::occurrenceTime)
        .containsExactly(
            tuple(TriggerOutcome.SKIPPED, t("2026-04-26T09:00:00Z")),
            tuple(TriggerOutcome.STARTED, t("2026-04-27T09:00:00Z")));
  }

  @Test
  void aStartAlreadyPastRunsEveryOccurrenceUnderCatchupAll() {
    create("R3/2026-04-26T09:00:00Z/P1D", b -> b.catchup(CatchupPolicy.ALL));
    assertThat(fixture.tickAt("2026-04-27T10:00:01Z"))
        .extracting(TickResult::outcome, TickResult::occurrenceTime)
        .containsExactly(
            tuple(TriggerOutcome.STARTED, t("2026-04-26T09:00:00Z")),
            tuple(TriggerOutcome.STARTED, t("2026-04-27T09:00:00Z")));
    assertThat(fixture.schedules.describe("c").nextFireAt()).isEqualTo(t("2026-04-28T09:00:00Z"));
  }

  @Test
  void backfillEnumeratesTheCyclesOccurrencesOnly() {
    create(DAILY_THREE, b -> b);
    fixture.schedules.pause("c", "backfilling by hand"); // ticks would take the due ones
    fixture.clock.moveTo(t("2026-05-10T00:00:00Z")); // backfill never starts the future
    assertThat(
            fixture.schedules.backfill("c", t("2026-04-20T00:00:00Z"), t("2026-05-10T00:00:00Z")))
        .extracting(BackfillResult::cronTime)
        .containsExactly(
            t("2026-04-27T17:20:00Z"), t("2026-04-28T17:20:00Z"), t("2026-04-29T17:20:00Z"));
  }

  @Test
  void backfillFindsNoOccurrenceOfACycleWithoutAStartBeforeItBegan() {
    fixture.schedules.create(
        ScheduleRequest.builder("hourly").startMachine("pulse", Map.of()).cycle("R3/PT1H").build());
    fixture.schedules.pause("hourly", "backfilling by hand"); // ticks would take the due ones
    fixture.clock.moveTo(t("2026-04-27T15:00:00Z")); // backfill never starts the future
    assertThat(
            fixture.schedules.backfill(
                "hourly", t("2026-04-27T08:00:00Z"), t("2026-04-27T15:00:00Z")))
        .extracting(BackfillResult::cronTime)
        .containsExactly(
            t("2026-04-27T11:00:00Z"), t("2026-04-27T12:00:00Z"), t("2026-04-27T13:00:00Z"));
  }

  @Test
  void aBufferedLastOccurrenceStillRunsBeforeTheScheduleEnds() {
    create(
        "R2/2026-04-27T17:20:00Z/P1D",
        b -> b.startMachine("job", Map.of()).overlapPolicy(OverlapPolicy.BUFFER_ONE));
    String first = fixture.tickAt("2026-04-27T17:20:00Z").get(0).instanceId();
    assertThat(fixture.tickAt("2026-04-28T17:20:00Z").get(0).outcome())
        .isEqualTo(TriggerOutcome.BUFFERED);
    ScheduleDescription waiting = fixture.schedules.describe("c");
    assertThat(waiting.status()).isEqualTo(ScheduleStatus.ACTIVE);
    assertThat(waiting.nextFireAt()).isNull();
    assertThat(waiting.buffered()).hasSize(1);

    fixture.finish(first);
    assertThat(fixture.tickAt("2026-04-28T18:00:00Z"))
        .singleElement()
        .satisfies(r -> assertThat(r.outcome()).isEqualTo(TriggerOutcome.DRAINED));
    ScheduleDescription after = fixture.schedules.describe("c");
    assertThat(after.status()).isEqualTo(ScheduleStatus.DELETED);
    assertThat(after.record().deleteReason()).isEqualTo("spec_exhausted");
  }

  @Test
  void jitterNeverReachesTheCyclesNextOccurrence() {
    // the scripted random draws the largest value it may: 59 s before the next minute
    ScheduleDescription created = create("R2/PT1M", b -> b.jitterSeconds(300));
    assertThat(created.nextFireAt()).isEqualTo(t("2026-04-27T10:01:59Z"));
  }

  @Test
  void anUpdateThatSetsACycleWithoutAStartCountsFromTheUpdate() {
    create("R2/PT1H", b -> b);
    fixture.clock.moveTo(t("2026-04-27T10:30:00Z"));
    ScheduleDescription noted =
        fixture.schedules.update("c", ScheduleUpdate.builder().notes("kept").build());
    assertThat(noted.spec()).containsEntry("cycle_anchor", "2026-04-27T10:00:00Z");
    assertThat(noted.upcomingFireTimes())
        .containsExactly(t("2026-04-27T11:00:00Z"), t("2026-04-27T12:00:00Z"));

    ScheduleDescription reset =
        fixture.schedules.update(
            "c", ScheduleUpdate.builder().spec(Map.of("cycles", List.of("R2/PT1H"))).build());
    assertThat(reset.spec()).containsEntry("cycle_anchor", "2026-04-27T10:30:00Z");
    assertThat(reset.upcomingFireTimes())
        .containsExactly(t("2026-04-27T11:30:00Z"), t("2026-04-27T12:30:00Z"));
  }
}
