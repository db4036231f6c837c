package dev.clockwork.core.interpreter;

import static dev.clockwork.core.interpreter.Run.T0;
import static org.assertj.core.api.Assertions.assertThat;

import dev.clockwork.core.definition.Machine;
import dev.clockwork.core.definition.MachineDefinition;
import dev.clockwork.core.event.Event;
import java.math.BigDecimal;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * A computed number of milliseconds armed on state entry keeps its fraction, rounded up to the
 * nanosecond: the timer is never early, also for computed values.
 */
class ComputedTimerDueTest {

  private static MachineDefinition waitingFor(Object millis) {
    return Machine.define("m")
        .initial("waiting")
        .state("waiting", s -> s.on("EXPIRE", t -> t.to("expired").timer(context -> millis)))
        .state("expired")
        .build();
  }

  @Test
  void aFractionOfAMillisecondIsKept() {
    ArmedTimer armed = Run.start(waitingFor(1500.5)).timer();

    assertThat(armed.due()).isEqualTo(T0.plus(Duration.ofNanos(1_500_500_000)));
  }

  @Test
  void aFractionOfANanosecondIsRoundedUp() {
    assertThat(Run.start(waitingFor(new BigDecimal("1500.0000001"))).timer().due())
        .isEqualTo(T0.plus(Duration.ofNanos(1_500_000_001)));
    assertThat(Run.start(waitingFor(0.0000001f)).timer().due()).isEqualTo(T0.plusNanos(1));
  }

  @Test
  void aNumberReadFromTheContextKeepsItsFraction() {
    MachineDefinition m =
        Machine.define("m")
            .initial("waiting")
            .state("waiting", s -> s.on("EXPIRE", t -> t.to("expired").timerFromContext("ms")))
            .state("expired")
            .build();

    StepResult started = Interpreter.start(m, Map.of("ms", 1500.5), T0);

    assertThat(started.snapshot().timers())
        .singleElement()
        .extracting(ArmedTimer::due)
        .isEqualTo(T0.plus(Duration.ofNanos(1_500_500_000)));
  }

  @Test
  void theFireIsRefusedAtTheWholeMillisecondBeforeItsDue() {
    Run run = Run.start(waitingFor(1500.5));
    ArmedTimer armed = run.timer();

    StepResult early =
        Interpreter.transition(
            run.snapshot(), Event.timerFire(armed.event(), Run.fireOf(armed)), T0.plusMillis(1500));

    assertThat(early.handled()).isFalse();
    assertThat(early.snapshot().value()).containsExactly("waiting");
    assertThat(run.fire(armed, armed.due()).value()).containsExactly("expired");
  }

  @Test
  void aNegativeFractionStillFiresAtOnce() {
    assertThat(Run.start(waitingFor(-0.5)).timer().due()).isEqualTo(T0);
  }
}
