package dev.clockwork.schedule;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import dev.clockwork.runtime.Engine;
import dev.clockwork.runtime.instance.HistoryQuery;
import dev.clockwork.runtime.instance.NewInstance;
import dev.clockwork.schedule.audit.ScheduleAuditEvent;
import dev.clockwork.schedule.audit.ScheduleEventType;
import dev.clockwork.schedule.outcome.TickResult;
import dev.clockwork.schedule.outcome.TriggerOutcome;
import dev.clockwork.schedule.store.SkippedOccurrence;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * A schedule whose next run id is taken by an instance it did not start (issue 25: run ids are
 * predictable) records that — the occurrence skipped as {@code run_id_taken}, with its audit row —
 * and never reports the run started; the next occurrence starts as usual. Callers cannot create the
 * {@code schedule:} form any more, so the squatter here uses the engine's own path. Subclass once
 * per store.
 */
public abstract class RunIdSquatContractTest extends ScheduledRuns {
  private static final String RUN = "schedule:nightly:2026-03-02T02:00:00Z";

  @Test
  void aRunIdTakenByAnotherInstanceIsRecordedAndNeverReportedStarted() {
    Engine engine = engine();
    Schedules schedules = schedules(engine);
    schedules.create(
        ScheduleRequest.builder("nightly")
            .startMachine("report", Map.of())
            .cron("0 2 * * *")
            .timezone("UTC")
            .build());
    engine.admin().reservedCreations().create(NewInstance.of("report").id(RUN));

    clock.moveTo(T0.plus(Duration.ofDays(1)));

    assertThat(schedules.tick())
        .extracting(TickResult::instanceId, TickResult::outcome)
        .containsExactly(tuple(RUN, TriggerOutcome.RUN_ID_TAKEN));
    assertThat(schedules.skipped("nightly"))
        .extracting(SkippedOccurrence::reason)
        .containsExactly("run_id_taken");
    assertThat(schedules.history("nightly").events())
        .extracting(ScheduleAuditEvent::type)
        .contains(ScheduleEventType.ScheduleTriggerSkipped);
    assertThat(engine.instances().history(HistoryQuery.ofType(RUN, "ScheduleTriggered")))
        .as("the squatter's instance was not made the schedule's run")
        .isEmpty();

    clock.moveTo(T0.plus(Duration.ofDays(2)));
    assertThat(schedules.tick())
        .extracting(TickResult::outcome)
        .containsExactly(TriggerOutcome.STARTED);
  }

  @Test
  void aRunTheScheduleStartedItselfIsStillAlreadyStarted() {
    Engine engine = engine();
    Schedules schedules = schedules(engine);
    schedules.create(
        ScheduleRequest.builder("nightly")
            .startMachine("report", Map.of())
            .cron("0 2 * * *")
            .timezone("UTC")
            .build());
    clock.moveTo(T0.plus(Duration.ofDays(1)));
    assertThat(schedules.tick())
        .extracting(TickResult::outcome)
        .containsExactly(TriggerOutcome.STARTED);
    assertThat(schedules.skipped("nightly")).isEmpty();
    assertThat(engine.instances().history(HistoryQuery.ofType(RUN, "ScheduleTriggered")))
        .hasSize(1);
  }
}
