package dev.clockwork.definition;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.clockwork.core.definition.MachineDefinition;
import dev.clockwork.core.interpreter.MaxTransitionDepthExceededException;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Each key of the machine (the root of a file) changes what the machine does. */
class MachineKeysTest {
  @Test
  void idNamesTheMachine() {
    assertThat(Drive.yaml("id: invoice\ninitial: a\nstates: {a: }\n").id()).isEqualTo("invoice");
  }

  @Test
  void versionIsKept() {
    assertThat(Drive.yaml("id: m\nversion: 3\ninitial: a\nstates: {a: }\n").version()).isEqualTo(3);
  }

  @Test
  void zoneIsTheZoneOfCronTimersThatNameNone() {
    MachineDefinition berlin =
        Drive.yaml(
            """
            id: m
            zone: Europe/Berlin
            initial: a
            states:
              a:
                on:
                  WAKE: {target: b, cron: '0 9 * * *'}
              b: {}
            """);
    assertThat(berlin.zone().getId()).isEqualTo("Europe/Berlin");
    assertThat(Drive.start(berlin).timer("WAKE").due())
        .isEqualTo(Instant.parse("2026-03-02T08:00:00Z"));
  }

  @Test
  void contextIsTheContextEveryInstanceStartsWith() {
    Drive drive =
        Drive.start(
            Drive.yaml(
                """
                id: m
                context: {paid: true, items: [1, 2], customer: {name: Ada}}
                initial: a
                states: {a: }
                """));
    assertThat(drive.context("paid")).isEqualTo(true);
    assertThat(drive.context("items")).isEqualTo(List.of(1, 2));
    assertThat(drive.context("customer")).isEqualTo(Map.of("name", "Ada"));
  }

  @Test
  void maxTransitionDepthBoundsEventlessChains() {
    String chain =
        """
        id: m
        %s
        initial: a
        states:
          a: {always: b}
          b: {always: c}
          c: {always: d}
          d: {}
        """;
    assertThat(Drive.start(Drive.yaml(chain.formatted(""))).value()).containsExactly("d");
    MachineDefinition shallow = Drive.yaml(chain.formatted("maxTransitionDepth: 2"));
    assertThat(shallow.maxTransitionDepth()).isEqualTo(2);
    assertThatThrownBy(() -> Drive.start(shallow))
        .isInstanceOf(MaxTransitionDepthExceededException.class);
  }

  @Test
  void startOnDeclaresTimerStartEvents() {
    MachineDefinition started =
        Drive.yaml(
            """
            id: m
            startOn: ['0 9 * * MON-FRI', 'R/2026-01-01T09:00:00Z/P1D']
            initial: a
            states: {a: }
            """);
    assertThat(started.startTimers()).hasSize(2);
    assertThat(
            Drive.yaml("id: m\nstartOn: '2026-05-01T08:00:00Z'\ninitial: a\nstates: {a: }\n")
                .startTimers())
        .hasSize(1);
  }

  @Test
  void theMachinesOwnTransitionsApplyInEveryState() {
    Drive drive =
        Drive.start(
            Drive.yaml(
                """
                id: m
                initial: a
                on: {RESET: a}
                entry: count
                exit: countExit
                states:
                  a: {on: {NEXT: b}}
                  b: {}
                """));
    assertThat(drive.context("count")).isEqualTo(1);
    drive.send("NEXT").send("RESET");
    assertThat(drive.value()).containsExactly("a");
    assertThat(drive.context("exits")).isNull();
  }
}
