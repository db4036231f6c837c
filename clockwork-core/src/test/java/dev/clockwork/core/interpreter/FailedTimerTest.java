package dev.clockwork.core.interpreter;

import static org.assertj.core.api.Assertions.assertThat;

import dev.clockwork.core.definition.Machine;
import dev.clockwork.core.definition.MachineDefinition;
import dev.clockwork.core.event.Event;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A timer whose fire failed for good stays in its state entry, marked failed, until an operator
 * retries the dead-lettered fire or the state is left.
 */
class FailedTimerTest {

  @Test
  void retryingTheDeadLetteredFireRunsTheTransitionAndRemovesTheTimer() {
    Run run = Run.start(SkipFireTest.expiring());
    ArmedTimer armed = run.timer();
    run.skip(armed, armed.due());
    ArmedTimer failed = run.timer();

    run.fire(armed, armed.due().plus(Duration.ofDays(1)));

    assertThat(run.last().handled()).isTrue();
    assertThat(run.value()).containsExactly("expired");
    assertThat(run.snapshot().timers()).isEmpty();
    assertThat(run.last().effects())
        .contains(new Effect.TimerFired(failed, armed.due().plus(Duration.ofDays(1))));
  }

  @Test
  void leavingTheStateCancelsTheFailedTimer() {
    Run run = Run.start(SkipFireTest.expiring());
    run.skip(run.timer(), run.timer().due());
    ArmedTimer failed = run.timer();

    run.send("PAY");

    assertThat(run.value()).containsExactly("paid");
    assertThat(run.snapshot().timers()).isEmpty();
    assertThat(run.last().effects()).contains(new Effect.TimerCancelled(failed));
  }

  @Test
  void aNewVersionWithoutTheTimerLeavesTheFailedTimerUntilItsStateIsLeft() {
    Run run = Run.start(SkipFireTest.expiring());
    run.skip(run.timer(), run.timer().due());
    ArmedTimer failed = run.timer();
    MachineDefinition v2 =
        Machine.define("m")
            .version(2)
            .initial("waiting")
            .state("waiting", s -> s.on("PAY", "paid"))
            .state("paid")
            .build();

    StepResult upgraded = Interpreter.rearm(underVersion(run.snapshot(), v2), Run.T0);

    assertThat(upgraded.snapshot().timers()).containsExactly(failed);
    assertThat(upgraded.effects()).isEmpty();
    StepResult paid = Interpreter.transition(upgraded.snapshot(), Event.of("PAY"), Run.T0);
    assertThat(paid.snapshot().timers()).isEmpty();
    assertThat(paid.effects()).contains(new Effect.TimerCancelled(failed));
  }

  @Test
  void skippingAFailedTimerAgainLeavesItAsItIs() {
    Run run = Run.start(SkipFireTest.expiring());
    ArmedTimer armed = run.timer();
    run.skip(armed, armed.due());
    ArmedTimer failed = run.timer();

    run.skip(armed, armed.due().plus(Duration.ofDays(1)));

    assertThat(run.last().handled()).isTrue();
    assertThat(run.timer()).isEqualTo(failed);
  }

  /** The snapshot as a store would restore it under {@code definition}. */
  private static Snapshot underVersion(Snapshot snapshot, MachineDefinition definition) {
    List<ActiveState> active =
        snapshot.activeStates().stream()
            .map(
                a ->
                    new ActiveState(
                        a.path().isEmpty() ? definition.root() : definition.state(a.path()),
                        a.entryId(),
                        a.enteredAt()))
            .toList();
    return Snapshot.restore(
        definition,
        active,
        snapshot.context(),
        snapshot.timers(),
        snapshot.lastEntryId(),
        snapshot.status());
  }
}
