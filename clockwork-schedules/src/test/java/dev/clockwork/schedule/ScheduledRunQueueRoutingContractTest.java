package dev.clockwork.schedule;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.clockwork.core.event.Event;
import dev.clockwork.runtime.Engine;
import dev.clockwork.schedule.definition.InvalidScheduleException;
import dev.clockwork.schedule.outcome.TickResult;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.Test;

/**
 * Queue routing of the runs a schedule starts (issue 14.6): a schedule's {@code queue} wins over
 * its machine's default, which wins over the system's; only the engines serving that queue run
 * them; a schedule refuses a {@code connection}. Subclass once per store.
 */
public abstract class ScheduledRunQueueRoutingContractTest extends ScheduledRuns {

  /** Creates a schedule of {@code report} firing at every hour, as {@code request} adds to it. */
  private static ScheduleRequest hourlyReport(
      String id, UnaryOperator<ScheduleRequest.Builder> request) {
    return request
        .apply(ScheduleRequest.builder(id).startMachine("report", Map.of()).cron("0 * * * *"))
        .build();
  }

  /** Moves the clock to the next hour and ticks: the one run each schedule started. */
  private List<String> tickNextHour(Schedules schedules) {
    clock.moveTo(T0.plus(Duration.ofHours(1)));
    return schedules.tick().stream().map(TickResult::instanceId).toList();
  }

  @Test
  void aScheduledRunIsServedOnlyByTheEnginesServingTheScheduleQueue() {
    Engine urgent = engine(b -> b.settings(s -> s.workers(w -> w.queues("high-priority"))));
    Engine general = engine(b -> b.settings(s -> s.workers(w -> w.queues("default"))));
    Schedules schedules = schedules(general);
    schedules.create(hourlyReport("priority-sync", r -> r.queue("high-priority")));

    String run = tickNextHour(schedules).get(0);
    general.enqueue(run, Event.of("FINISH"));

    assertThat(general.instances().get(run).queue()).isEqualTo("high-priority");
    assertThat(general.admin().nextDue()).as("nothing due in the queues general serves").isEmpty();
    assertThat(general.runDue()).isZero();
    assertThat(general.instances().get(run).states()).containsExactly("running");
    assertThat(urgent.admin().nextDue()).contains(clock.instant());
    assertThat(urgent.runDue()).isEqualTo(1);
    assertThat(urgent.instances().get(run).isDone()).isTrue();
  }

  @Test
  void aScheduleQueueWinsOverTheMachineDefaultWhichWinsOverTheSystemDefault() {
    Engine engine = engine(b -> b.config(ROUTED));
    Schedules schedules = schedules(engine);
    schedules.create(hourlyReport("routed", r -> r.queue("high-priority")));
    schedules.create(hourlyReport("machine-default", r -> r));
    schedules.create(
        ScheduleRequest.builder("system-default")
            .startMachine("audit", Map.of())
            .cron("0 * * * *")
            .build());

    List<String> runs = tickNextHour(schedules);

    assertThat(runs).hasSize(3);
    assertThat(runs.stream().map(id -> engine.instances().get(id).queue()))
        .containsExactlyInAnyOrder("high-priority", "reports", "bulk");
  }

  @Test
  void anUpdatedScheduleQueueRoutesTheRunsStartedAfterIt() {
    Engine engine = engine();
    Schedules schedules = schedules(engine);
    schedules.create(hourlyReport("nightly", r -> r));
    schedules.update("nightly", ScheduleUpdate.builder().queue("reports").build());

    String run = tickNextHour(schedules).get(0);

    assertThat(engine.instances().get(run).queue()).isEqualTo("reports");
  }

  @Test
  void aConnectionIsRefusedWhenAScheduleIsCreatedOrUpdated() {
    Schedules schedules = schedules(engine());

    assertThatThrownBy(
            () -> schedules.create(hourlyReport("redis-sync", r -> r.connection("redis"))))
        .isInstanceOf(InvalidScheduleException.class)
        .hasMessageContaining("connection is not supported: Clockwork runs on one database")
        .hasMessageContaining("route runs with queue:");
    assertThat(schedules.find("redis-sync")).isEmpty();

    schedules.create(hourlyReport("sync", r -> r));
    assertThatThrownBy(
            () -> schedules.update("sync", ScheduleUpdate.builder().connection("redis").build()))
        .isInstanceOf(InvalidScheduleException.class)
        .hasMessageContaining("connection is not supported");
    assertThat(schedules.describe("sync").settings().queue()).isNull();
  }
}
