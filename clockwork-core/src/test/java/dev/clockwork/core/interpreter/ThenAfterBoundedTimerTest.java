package dev.clockwork.core.interpreter;

import static dev.clockwork.core.interpreter.Run.T0;
import static org.assertj.core.api.Assertions.assertThat;

import dev.clockwork.core.definition.Machine;
import dev.clockwork.core.definition.MachineDefinition;
import dev.clockwork.core.definition.TransitionBuilder;
import dev.clockwork.core.time.Timer;
import java.time.Duration;
import java.time.Instant;
import java.util.function.UnaryOperator;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * One rule for {@code then}, whatever bounds the timer ({@code max} or a cycle's {@code R<n>}):
 * after the last allowed fire, the {@code then} event is sent once, one interval later.
 */
class ThenAfterBoundedTimerTest {
  private static final Duration HOUR = Duration.ofHours(1);

  /** Hourly timers counted from entry, bounded to 3 fires. */
  static Stream<Arguments> boundedFromEntry() {
    return Stream.of(
        timer("every(1 hour).max(3)", t -> t.every(Timer.hours(1)).max(3)),
        timer("cycle(R3/PT1H).max(3)", t -> t.cycle("R3/PT1H").max(3)),
        timer("cycle(R3/PT1H).max(5), R3 bounds it", t -> t.cycle("R3/PT1H").max(5)),
        timer("cycle(R/PT1H).max(3)", t -> t.cycle("R/PT1H").max(3)),
        timer("every(PT1H).max(3)", t -> t.every("PT1H").max(3)),
        timer("computed R3/PT1H, max(3)", t -> t.timer(context -> "R3/PT1H").max(3)),
        timer("computed R3/PT1H, max(4), R3 bounds it", t -> t.timer(context -> "R3/PT1H").max(4)));
  }

  /** The same, plus a cycle whose start puts its occurrences on the hours after entry. */
  static Stream<Arguments> boundedHourlyTimers() {
    return Stream.concat(
        boundedFromEntry(),
        Stream.of(
            timer(
                "cycle with a start, R3 bounds it",
                t -> t.cycle("R3/2026-01-01T01:00:00Z/PT1H").max(9))));
  }

  private static Arguments timer(String name, UnaryOperator<TransitionBuilder> timer) {
    return Arguments.of(name, timer);
  }

  private static MachineDefinition polling(UnaryOperator<TransitionBuilder> timer) {
    return Machine.define("m")
        .initial("polling")
        .state(
            "polling",
            s ->
                s.on("POLL", t -> timer.apply(t.action(x -> {})).then("DONE"))
                    .on("DONE", "gave_up"))
        .state("gave_up")
        .build();
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("boundedHourlyTimers")
  void thenIsDueOneIntervalAfterTheLastFire(String name, UnaryOperator<TransitionBuilder> timer) {
    Run run = Run.start(polling(timer));
    for (int fire = 1; fire <= 3; fire++) {
      ArmedTimer armed = run.timer();
      assertThat(armed.event()).isEqualTo("POLL");
      assertThat(armed.due()).isEqualTo(T0.plus(HOUR.multipliedBy(fire)));
      run.fire(armed, armed.due());
    }

    ArmedTimer then = run.timer();

    assertThat(then.event()).isEqualTo("DONE");
    assertThat(then.thenPhase()).isTrue();
    assertThat(then.fires()).isEqualTo(3);
    assertThat(then.due()).isEqualTo(T0.plus(HOUR.multipliedBy(4)));
    assertThat(run.fire(then, then.due()).value()).containsExactly("gave_up");
    assertThat(run.snapshot().timers()).isEmpty();
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("boundedFromEntry")
  void aLateLastFireDelaysThenWithoutCatchingUp(
      String name, UnaryOperator<TransitionBuilder> timer) {
    Run run = Run.start(polling(timer));
    run.fire(run.timer(), T0.plus(HOUR));
    run.fire(run.timer(), T0.plus(HOUR.multipliedBy(2)));
    Instant late = T0.plus(HOUR.multipliedBy(3)).plus(Duration.ofMinutes(30));

    run.fire(run.timer(), late);

    assertThat(run.timer().event()).isEqualTo("DONE");
    assertThat(run.timer().due()).isEqualTo(late.plus(HOUR));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("boundedHourlyTimers")
  void thenIsNeverSentAtOnceAfterTheLastFire(String name, UnaryOperator<TransitionBuilder> timer) {
    Run run = Run.start(polling(timer));
    for (int fire = 1; fire <= 3; fire++) {
      run.fire(run.timer(), T0.plus(HOUR.multipliedBy(fire)));
    }

    assertThat(run.timer().due()).isAfter(T0.plus(HOUR.multipliedBy(3)));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("startedCycles")
  void aCycleWithAStartSendsThenAtTheOccurrenceAfterTheLastFire(
      String name, UnaryOperator<TransitionBuilder> timer) {
    Run run = Run.start(polling(timer));
    run.fire(run.timer(), T0.plus(HOUR));
    run.fire(run.timer(), T0.plus(HOUR.multipliedBy(2)));

    run.fire(run.timer(), T0.plus(HOUR.multipliedBy(3)).plus(Duration.ofMinutes(30)));

    assertThat(run.timer().event()).isEqualTo("DONE");
    assertThat(run.timer().due()).isEqualTo(T0.plus(HOUR.multipliedBy(4)));
  }

  static Stream<Arguments> startedCycles() {
    return Stream.of(
        timer("R3 with a start", t -> t.cycle("R3/2026-01-01T01:00:00Z/PT1H").max(3)),
        timer("R with a start, max(3)", t -> t.cycle("R/2026-01-01T01:00:00Z/PT1H").max(3)));
  }
}
