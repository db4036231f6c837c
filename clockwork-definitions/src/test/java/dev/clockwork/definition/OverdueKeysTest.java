package dev.clockwork.definition;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.clockwork.core.behavior.Behaviors;
import dev.clockwork.core.definition.MachineDefinition;
import dev.clockwork.core.event.Event;
import dev.clockwork.core.event.TimerFire;
import dev.clockwork.core.interpreter.ArmedTimer;
import dev.clockwork.core.interpreter.Interpreter;
import dev.clockwork.core.interpreter.StepResult;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * {@code overdue} and {@code overdueAfter}, on a timer and on the machine: an hourly timer found
 * late runs its transition or not as the keys say, and the keys are written back.
 */
class OverdueKeysTest {
  private static final Instant T0 = Instant.parse("2026-01-01T00:00:00Z");
  private static final Duration HOUR = Duration.ofHours(1);

  private static String machine(String machineKeys, String timerKeys) {
    return "id: m\n"
        + machineKeys
        + "context: {polls: 0}\ninitial: polling\nstates:\n  polling:\n    on:\n"
        + "      POLL: {actions: {assign: {polled: true}}, every: 1 hour"
        + timerKeys
        + "}\n";
  }

  /** Whether the first fire, processed {@code late} after its due, ran the transition. */
  private static boolean ran(String yaml, Duration late) {
    MachineDefinition definition = MachineFormat.yaml().read("m.yaml", yaml, Behaviors.none());
    return ranBy(definition, late);
  }

  private static boolean ranBy(MachineDefinition definition, Duration late) {
    StepResult started = Interpreter.start(definition, Map.of(), T0);
    ArmedTimer timer = started.snapshot().timers().get(0);
    TimerFire fire = new TimerFire(timer.key(), timer.entryId(), timer.due());
    StepResult fired =
        Interpreter.transition(
            started.snapshot(), Event.timerFire(timer.event(), fire), timer.due().plus(late));
    return fired.snapshot().context().asMap().containsKey("polled");
  }

  @Test
  void aTimersOverdueKeyChoosesItsPolicy() {
    Duration threeHoursLate = HOUR.multipliedBy(3);
    assertThat(ran(machine("", ""), threeHoursLate)).isTrue();
    assertThat(ran(machine("", ", overdue: fire"), threeHoursLate)).isTrue();
    assertThat(ran(machine("", ", overdue: skip_missed"), threeHoursLate)).isFalse();
    assertThat(ran(machine("", ", overdue: fire_once"), threeHoursLate)).isTrue();
  }

  @Test
  void aTimersOverdueAfterKeySetsTheGraceInWordsOrIso() {
    Duration tenMinutesLate = Duration.ofMinutes(10);
    assertThat(ran(machine("", ", overdue: skip_missed"), tenMinutesLate)).isTrue();
    assertThat(ran(machine("", ", overdue: skip_missed, overdueAfter: 5 minutes"), tenMinutesLate))
        .isFalse();
    assertThat(ran(machine("", ", overdue: skip_missed, overdueAfter: PT5M"), tenMinutesLate))
        .isFalse();
  }

  @Test
  void theMachinesKeysApplyToTimersThatSetNone() {
    assertThat(ran(machine("overdue: skip_missed\n", ""), HOUR.multipliedBy(3))).isFalse();
    assertThat(ran(machine("overdue: skip_missed\n", ", overdue: fire"), HOUR.multipliedBy(3)))
        .isTrue();
    assertThat(
            ran(
                machine("overdue: skip_missed\noverdueAfter: 5 minutes\n", ""),
                Duration.ofMinutes(10)))
        .isFalse();
  }

  @Test
  void theKeysAreWrittenBackOnEachTimer() {
    MachineDefinition read =
        MachineFormat.yaml()
            .read(
                "m.yaml",
                machine("overdue: skip_missed\n", ", overdueAfter: 5 minutes"),
                Behaviors.none());
    String written = MachineFormat.yaml().write(read);

    assertThat(written).contains("overdue: skip_missed", "overdueAfter: PT5M");
    MachineDefinition back = MachineFormat.yaml().read("back.yaml", written, Behaviors.none());
    assertThat(ranBy(back, Duration.ofMinutes(10))).isFalse();
  }

  @Test
  void aMistakeNamesTheKeyAndTheChoices() {
    assertThatThrownBy(() -> ran(machine("", ", overdue: skip"), HOUR))
        .isInstanceOf(DefinitionFormatException.class)
        .hasMessageContaining("fire, skip_missed or fire_once");
    assertThatThrownBy(
            () ->
                MachineFormat.yaml()
                    .read(
                        "m.yaml",
                        "id: m\ninitial: a\nstates:\n  a:\n    on:\n      X: {target: b, after: 1"
                            + " hour, overdue: skip_missed}\n  b: {}\n",
                        Behaviors.none()))
        .isInstanceOf(DefinitionFormatException.class)
        .hasMessageContaining("recurring timers");
  }
}
