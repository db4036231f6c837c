package dev.clockwork.core.interpreter;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.clockwork.core.definition.Machine;
import dev.clockwork.core.definition.MachineDefinition;
import dev.clockwork.core.time.Timer;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** An operator's reschedule, extend, fire now and cancel of one armed timer. */
class TimerOperationTest {
  private static final Instant T0 = Run.T0;
  private static final Duration HOUR = Duration.ofHours(1);

  private static final MachineDefinition ORDER =
      Machine.define("order")
          .initial("awaiting_payment")
          .state(
              "awaiting_payment",
              s ->
                  s.on("ORDER_EXPIRED", t -> t.to("cancelled").after(Timer.days(7)))
                      .on("REMIND", t -> t.action(Run.log("remind")).every(Timer.hours(6)).max(3)))
          .state("cancelled")
          .build();

  private static StepResult started() {
    return Interpreter.start(ORDER, Map.of(), T0);
  }

  private static StepResult operate(StepResult from, TimerOperation operation, Instant at) {
    return Interpreter.operate(
        from.snapshot(), operation, at, null, Delivery.NONE, DispatchPolicy.OFF);
  }

  private static ArmedTimer timer(StepResult result, String event) {
    return result.snapshot().timers().stream()
        .filter(t -> t.event().equals(event))
        .findFirst()
        .orElseThrow();
  }

  @Test
  void aRescheduledOneShotFiresAtItsNewDueAndItsOldFireIsFencedOff() {
    StepResult start = started();
    ArmedTimer before = timer(start, "ORDER_EXPIRED");
    Instant newDue = T0.plus(Duration.ofDays(10));

    StepResult moved = operate(start, TimerOperation.reschedule("ORDER_EXPIRED", newDue), T0);
    assertThat(timer(moved, "ORDER_EXPIRED").due()).isEqualTo(newDue);
    assertThat(moved.effects()).anyMatch(Effect.TimerOperated.class::isInstance);

    StepResult stale =
        Interpreter.transition(
            moved.snapshot(),
            dev.clockwork.core.event.Event.timerFire("ORDER_EXPIRED", Run.fireOf(before)),
            before.due());
    assertThat(stale.snapshot().value()).containsExactly("awaiting_payment");
    assertThat(stale.effects()).anyMatch(Effect.TimerDropped.class::isInstance);

    ArmedTimer after = timer(moved, "ORDER_EXPIRED");
    StepResult fired =
        Interpreter.transition(
            moved.snapshot(),
            dev.clockwork.core.event.Event.timerFire("ORDER_EXPIRED", Run.fireOf(after)),
            newDue);
    assertThat(fired.snapshot().value()).containsExactly("cancelled");
  }

  @Test
  void extendPutsATimerOffByADuration() {
    StepResult extended =
        operate(started(), TimerOperation.extend("awaiting_payment#ORDER_EXPIRED", HOUR), T0);

    assertThat(timer(extended, "ORDER_EXPIRED").due())
        .isEqualTo(T0.plus(Duration.ofDays(7)).plus(HOUR));
  }

  @Test
  void fireNowRunsTheTransitionAndARepeatingTimerGoesOnFromIt() {
    Instant now = T0.plus(HOUR);
    StepResult fired = operate(started(), TimerOperation.fireNow("REMIND"), now);

    assertThat(fired.snapshot().context().get("log")).isEqualTo(java.util.List.of("remind"));
    ArmedTimer remind = timer(fired, "REMIND");
    assertThat(remind.fires()).isEqualTo(1);
    assertThat(remind.due()).isEqualTo(now.plus(Duration.ofHours(6)));
    assertThat(operate(started(), TimerOperation.fireNow("ORDER_EXPIRED"), now).snapshot().value())
        .containsExactly("cancelled");
  }

  @Test
  void cancelRemovesTheTimer() {
    StepResult cancelled = operate(started(), TimerOperation.cancel("REMIND"), T0);

    assertThat(cancelled.snapshot().timers())
        .extracting(ArmedTimer::event)
        .containsExactly("ORDER_EXPIRED");
    assertThat(cancelled.effects()).anyMatch(Effect.TimerCancelled.class::isInstance);
  }

  @Test
  void aTimerThatIsNotArmedIsNamedWithTheArmedOnes() {
    assertThatThrownBy(() -> operate(started(), TimerOperation.cancel("PAY"), T0))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("no armed timer 'PAY'")
        .hasMessageContaining("awaiting_payment#ORDER_EXPIRED");
    assertThatThrownBy(() -> TimerOperation.extend("REMIND", Duration.ofMinutes(-5)))
        .hasMessageContaining("positive");
  }
}
