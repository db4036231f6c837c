package dev.clockwork.core.interpreter;

import static org.assertj.core.api.Assertions.assertThat;

import dev.clockwork.core.behavior.Action;
import dev.clockwork.core.definition.Machine;
import dev.clockwork.core.definition.MachineDefinition;
import dev.clockwork.core.event.TimerFire;
import dev.clockwork.core.time.Timer;
import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;

/**
 * A fire that failed for good is skipped: the timer moves on as if it had fired, and nothing runs.
 */
class SkipFireTest {
  private static final Duration HOUR = Duration.ofHours(1);
  private static final Instant T0 = Run.T0;
  private static final Action BOOM =
      x -> {
        throw new IllegalStateException("a skipped fire must run no action");
      };

  @Test
  void aSkippedEveryFireRearmsOneIntervalLaterAndCountsTheFire() {
    MachineDefinition m =
        Machine.define("m")
            .initial("polling")
            .state("polling", s -> s.on("POLL", t -> t.action(BOOM).every(Timer.hours(1))))
            .build();
    Run run = Run.start(m);

    run.skip(run.timer(), T0.plus(HOUR));

    ArmedTimer next = run.timer();
    assertThat(run.last().handled()).isTrue();
    assertThat(next.due()).isEqualTo(T0.plus(HOUR.multipliedBy(2)));
    assertThat(next.fires()).isEqualTo(1);
    assertThat(next.failed()).isFalse();
    assertThat(run.last().effects()).containsExactly(new Effect.TimerArmed(next));
  }

  @Test
  void skippingTheLastAllowedFireSwitchesToTheThenPhase() {
    MachineDefinition m =
        Machine.define("m")
            .initial("polling")
            .state(
                "polling",
                s ->
                    s.on(
                            "POLL",
                            t -> t.action(x -> {}).every(Timer.hours(1)).max(3).then("GIVE_UP"))
                        .on("GIVE_UP", "gave_up"))
            .state("gave_up")
            .build();
    Run run = Run.start(m);
    run.fire(run.timer(), T0.plus(HOUR));
    run.fire(run.timer(), T0.plus(HOUR.multipliedBy(2)));

    run.skip(run.timer(), T0.plus(HOUR.multipliedBy(3)));

    ArmedTimer then = run.timer();
    assertThat(then.thenPhase()).isTrue();
    assertThat(then.event()).isEqualTo("GIVE_UP");
    assertThat(then.due()).isEqualTo(T0.plus(HOUR.multipliedBy(4)));
    assertThat(then.fires()).isEqualTo(3);
    assertThat(run.value()).containsExactly("polling");
    assertThat(run.fire(then, T0.plus(HOUR.multipliedBy(4))).value()).containsExactly("gave_up");
  }

  @Test
  void aSkippedAfterFireLeavesTheTimerMarkedFailedInItsState() {
    MachineDefinition m = expiring();
    Run run = Run.start(m);
    ArmedTimer armed = run.timer();

    run.skip(armed, armed.due());

    assertThat(run.last().handled()).isTrue();
    assertThat(run.last().effects()).isEmpty();
    assertThat(run.value()).containsExactly("waiting");
    assertThat(run.timer())
        .isEqualTo(
            new ArmedTimer(
                armed.key(),
                "EXPIRE",
                armed.entryId(),
                armed.enteredAt(),
                armed.due(),
                1,
                false,
                null,
                true));
  }

  @Test
  void aStaleOrEarlyFireIsDroppedAndChangesNothing() {
    Run run = Run.start(expiring());
    ArmedTimer armed = run.timer();
    Instant late = armed.due().plus(HOUR);

    assertDropped(run, new TimerFire(armed.key(), armed.entryId(), armed.due().minus(HOUR)), late);
    assertDropped(run, new TimerFire(armed.key(), armed.entryId() + 1, armed.due()), late);
    assertDropped(run, Run.fireOf(armed), armed.due().minusMillis(1));
  }

  @Test
  void aSkippedFireRunsNoGuardNoActionAndNoTransition() {
    MachineDefinition m =
        Machine.define("m")
            .initial("waiting")
            .state(
                "waiting",
                s ->
                    s.exit(BOOM)
                        .on(
                            "EXPIRE",
                            t ->
                                t.to("expired")
                                    .guard(
                                        x -> {
                                          throw new IllegalStateException("no guard either");
                                        })
                                    .action(BOOM)
                                    .after(Timer.days(7))))
            .state("expired", s -> s.entry(BOOM))
            .build();
    Run run = Run.start(m);

    run.skip(run.timer(), run.timer().due());

    assertThat(run.value()).containsExactly("waiting");
    assertThat(run.timer().failed()).isTrue();
  }

  private static void assertDropped(Run run, TimerFire stale, Instant at) {
    StepResult skipped = Interpreter.skipFire(run.snapshot(), stale, at);

    assertThat(skipped.handled()).isFalse();
    assertThat(skipped.snapshot().timers()).isEqualTo(run.snapshot().timers());
    assertThat(skipped.effects())
        .singleElement()
        .isInstanceOfSatisfying(
            Effect.TimerDropped.class,
            dropped -> {
              assertThat(dropped.fire()).isEqualTo(stale);
              assertThat(dropped.event()).isEqualTo("EXPIRE");
            });
  }

  /** Waits in {@code waiting} for a one-shot EXPIRE seven days after entry. */
  static MachineDefinition expiring() {
    return Machine.define("m")
        .initial("waiting")
        .state(
            "waiting",
            s -> s.on("EXPIRE", t -> t.to("expired").after(Timer.days(7))).on("PAY", "paid"))
        .state("expired")
        .state("paid")
        .build();
  }
}
