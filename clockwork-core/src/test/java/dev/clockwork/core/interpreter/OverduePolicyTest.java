package dev.clockwork.core.interpreter;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.clockwork.core.InvalidDefinitionException;
import dev.clockwork.core.definition.Machine;
import dev.clockwork.core.definition.MachineBuilder;
import dev.clockwork.core.definition.MachineDefinition;
import dev.clockwork.core.definition.TransitionBuilder;
import dev.clockwork.core.time.OverduePolicy;
import dev.clockwork.core.time.Timer;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.Test;

/**
 * An overdue repeating timer — found more than one interval (or its grace) past due — follows its
 * policy: {@code fire} fires once, late, and goes on from then; {@code skip_missed} runs none of
 * the missed fires; {@code fire_once} runs one; both keep the rhythm and record what they skipped.
 */
class OverduePolicyTest {
  private static final Duration HOUR = Duration.ofHours(1);
  private static final Instant T0 = Run.T0;

  private static MachineDefinition hourly(UnaryOperator<TransitionBuilder> timer) {
    return hourly(timer, UnaryOperator.identity());
  }

  private static MachineDefinition hourly(
      UnaryOperator<TransitionBuilder> timer, UnaryOperator<MachineBuilder> machine) {
    return machine
        .apply(Machine.define("m"))
        .initial("polling")
        .state(
            "polling",
            s ->
                s.on("POLL", t -> timer.apply(t.action(Run.log("poll")).every(Timer.hours(1))))
                    .on("DONE", "gave_up"))
        .state("gave_up")
        .build();
  }

  /** Starts polling and processes the first fire (due T0+1h) at {@code at}. */
  private static Run lateFirstFire(MachineDefinition definition, Instant at) {
    Run run = Run.start(definition);
    return run.fire(run.timer(), at);
  }

  private static List<Effect.TimerSkipped> skipped(Run run) {
    return run.last().effects().stream()
        .filter(Effect.TimerSkipped.class::isInstance)
        .map(Effect.TimerSkipped.class::cast)
        .toList();
  }

  @Test
  void fireIsTheDefaultAndFiresOnceLateThenGoesOnFromThen() {
    Instant late = T0.plus(HOUR.multipliedBy(4)).plusSeconds(600); // 3h10m past due
    Run run = lateFirstFire(hourly(t -> t), late);

    assertThat(run.log()).containsExactly("poll");
    assertThat(run.timer().due()).isEqualTo(late.plus(HOUR));
    assertThat(run.timer().fires()).isEqualTo(1);
    assertThat(skipped(run)).isEmpty();
  }

  @Test
  void skipMissedRunsNoneOfTheMissedFiresAndArmsTheNextDueOnTheRhythm() {
    Instant late = T0.plus(HOUR.multipliedBy(4)).plusSeconds(600);
    Run run = lateFirstFire(hourly(t -> t.overdue(OverduePolicy.SKIP_MISSED)), late);

    assertThat(run.log()).isEmpty();
    assertThat(run.timer().due()).isEqualTo(T0.plus(HOUR.multipliedBy(5)));
    Effect.TimerSkipped skip = skipped(run).get(0);
    assertThat(skip.missed())
        .containsExactly(
            T0.plus(HOUR), T0.plus(HOUR.multipliedBy(2)),
            T0.plus(HOUR.multipliedBy(3)), T0.plus(HOUR.multipliedBy(4)));
    assertThat(skip.count()).isEqualTo(4);
    assertThat(skip.at()).isEqualTo(late);
  }

  @Test
  void fireOnceRunsOneCatchUpAndKeepsTheRhythm() {
    Instant late = T0.plus(HOUR.multipliedBy(4)).plusSeconds(600);
    Run run = lateFirstFire(hourly(t -> t.overdue(OverduePolicy.FIRE_ONCE)), late);

    assertThat(run.log()).containsExactly("poll");
    assertThat(run.timer().due()).isEqualTo(T0.plus(HOUR.multipliedBy(5)));
    assertThat(skipped(run).get(0).missed())
        .containsExactly(
            T0.plus(HOUR), T0.plus(HOUR.multipliedBy(2)), T0.plus(HOUR.multipliedBy(3)));
  }

  @Test
  void aFireLessThanOneIntervalLateIsNotOverdue() {
    Instant late = T0.plus(HOUR).plusSeconds(3599);
    Run run = lateFirstFire(hourly(t -> t.overdue(OverduePolicy.SKIP_MISSED)), late);

    assertThat(run.log()).containsExactly("poll");
    assertThat(skipped(run)).isEmpty();
  }

  @Test
  void aGraceMakesAFireOverdueSooner() {
    Instant late = T0.plus(HOUR).plusSeconds(600); // 10 minutes late
    Run within =
        lateFirstFire(
            hourly(t -> t.overdue(OverduePolicy.SKIP_MISSED).overdueAfter(Duration.ofMinutes(15))),
            late);
    Run past =
        lateFirstFire(
            hourly(t -> t.overdue(OverduePolicy.SKIP_MISSED).overdueAfter(Duration.ofMinutes(5))),
            late);

    assertThat(within.log()).containsExactly("poll");
    assertThat(past.log()).isEmpty();
    assertThat(past.timer().due()).isEqualTo(T0.plus(HOUR.multipliedBy(2)));
    assertThat(skipped(past).get(0).missed()).containsExactly(T0.plus(HOUR));
  }

  @Test
  void theMachinesPolicyAppliesToTimersThatSetNone() {
    Instant late = T0.plus(HOUR.multipliedBy(3)).plusSeconds(1);
    Run machineWide =
        lateFirstFire(hourly(t -> t, m -> m.overdue(OverduePolicy.SKIP_MISSED)), late);
    Run timerWins =
        lateFirstFire(
            hourly(t -> t.overdue(OverduePolicy.FIRE), m -> m.overdue(OverduePolicy.SKIP_MISSED)),
            late);
    Run machineGrace =
        lateFirstFire(
            hourly(
                t -> t,
                m -> m.overdue(OverduePolicy.SKIP_MISSED).overdueAfter(Duration.ofMinutes(1))),
            T0.plus(HOUR).plusSeconds(120));

    assertThat(machineWide.log()).isEmpty();
    assertThat(timerWins.log()).containsExactly("poll");
    assertThat(machineGrace.log()).isEmpty();
  }

  @Test
  void missedFiresCountTowardMaxAndThenFollowsTheLastOwedFire() {
    Instant late = T0.plus(HOUR.multipliedBy(5)).plusSeconds(1);
    Run run =
        lateFirstFire(hourly(t -> t.overdue(OverduePolicy.SKIP_MISSED).max(3).then("DONE")), late);

    assertThat(run.log()).isEmpty();
    assertThat(skipped(run).get(0).count()).isEqualTo(3);
    assertThat(run.timer().thenPhase()).isTrue();
    assertThat(run.timer().due()).isEqualTo(T0.plus(HOUR.multipliedBy(4)));
    run.fire(run.timer(), late);
    assertThat(run.value()).containsExactly("gave_up");
  }

  @Test
  void aOneShotTimerCannotHaveAnOverduePolicy() {
    assertThatThrownBy(
            () ->
                Machine.define("m")
                    .initial("a")
                    .state(
                        "a",
                        s ->
                            s.on(
                                "EXPIRE",
                                t ->
                                    t.to("b")
                                        .after(Timer.days(7))
                                        .overdue(OverduePolicy.SKIP_MISSED)))
                    .state("b")
                    .build())
        .isInstanceOf(InvalidDefinitionException.class)
        .hasMessageContaining("recurring timers");
  }

  @Test
  void policiesReadTheirDataNames() {
    assertThat(OverduePolicy.of("skip_missed")).isEqualTo(OverduePolicy.SKIP_MISSED);
    assertThat(OverduePolicy.of("fire_once")).isEqualTo(OverduePolicy.FIRE_ONCE);
    assertThatThrownBy(() -> OverduePolicy.of("skip"))
        .hasMessageContaining("fire, skip_missed or fire_once");
  }
}
