package dev.clockwork.cli.serve;

import static org.assertj.core.api.Assertions.assertThat;

import dev.clockwork.examples.ExampleMachines;
import dev.clockwork.runtime.Engine;
import dev.clockwork.runtime.audit.Operator;
import dev.clockwork.runtime.clock.VirtualClock;
import dev.clockwork.schedule.ScheduleDescription;
import dev.clockwork.schedule.Schedules;
import dev.clockwork.schedule.outcome.TickResult;
import dev.clockwork.schedule.outcome.TriggerOutcome;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * What {@code clockwork dev} seeds: its every-minute schedule starts runs that finish, so every
 * minute starts a new one instead of skipping behind a run that never ends.
 */
class DevSeedTest {
  private final VirtualClock clock = VirtualClock.at("2026-11-29T10:00:30Z");
  private final Engine engine = engine(clock);
  private final Schedules schedules = Schedules.builder(engine).build();

  private static Engine engine(VirtualClock clock) {
    Engine.Builder builder = Engine.builder().clock(clock);
    new ExampleMachines().machines().forEach(builder::register);
    return builder.build();
  }

  @Test
  void theSeededScheduleStartsARunEveryMinuteAndEachRunFinishes() {
    assertThat(DevSeed.seedIfEmpty(engine, schedules)).isGreaterThanOrEqualTo(4);

    for (int minute = 1; minute <= 3; minute++) {
      clock.advance(Duration.ofMinutes(1));
      List<TickResult> runs =
          schedules.tick().stream()
              .filter(run -> run.scheduleId().equals(DevSeed.SCHEDULE_ID))
              .toList();
      engine.runDue();

      assertThat(runs)
          .as("minute %d", minute)
          .singleElement()
          .satisfies(
              run -> {
                assertThat(run.outcome()).isEqualTo(TriggerOutcome.STARTED);
                assertThat(engine.instances().get(run.instanceId()).machine())
                    .isEqualTo("fulfilment");
                assertThat(engine.instances().get(run.instanceId()).isDone()).isTrue();
                assertThat(engine.instances().get(run.instanceId()).states())
                    .containsExactly("confirmed");
              });
    }
    assertThat(schedules.skipped(DevSeed.SCHEDULE_ID)).isEmpty();
  }

  @Test
  void nothingIsSeededTwice() {
    int first = DevSeed.seedIfEmpty(engine, schedules);

    assertThat(first).isPositive();
    assertThat(DevSeed.seedIfEmpty(engine, schedules)).isZero();
    assertThat(schedules.list()).hasSize(3);
  }

  @Test
  void theOrdersTheReadmesTimerCommandsNameWaitForPaymentWithTheirExpiryArmed() {
    DevSeed.seedIfEmpty(engine, schedules);
    engine.runDue();

    for (String id : List.of("order-unpaid", "order-unpaid-2")) {
      assertThat(engine.instances().get(id).states()).containsExactly("awaiting_payment");
      assertThat(
              engine
                  .instances()
                  .timers(id)
                  .extend("ORDER_EXPIRED", Duration.ofDays(3), Operator.named("test"), "asked"))
          .satisfies(order -> assertThat(order.states()).containsExactly("awaiting_payment"));
    }
    assertThat(engine.instances().get("order-paid").states()).containsExactly("processing");
    assertThat(engine.instances().get("order-shipped").isDone()).isTrue();
  }

  @Test
  void theReadmesSchedulesAreSeededAndTheirRunsFinishByThemselves() {
    DevSeed.seedIfEmpty(engine, schedules);

    assertThat(schedules.list())
        .extracting(ScheduleDescription::scheduleId)
        .contains("daily-invoice-sync", "health-check-30m");
    String run = schedules.trigger("daily-invoice-sync");
    assertThat(engine.instances().get(run).isDone()).isFalse();
    clock.advance(Duration.ofSeconds(5));
    engine.runDue();
    assertThat(engine.instances().get(run).isDone()).isTrue();
  }
}
