package dev.clockwork.definition;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.clockwork.core.definition.Machine;
import dev.clockwork.core.definition.MachineDefinition;
import dev.clockwork.core.time.Timer;
import dev.clockwork.definition.write.DefinitionExportException;
import java.time.ZoneId;
import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.Test;

/** A definition written out and read back behaves as the one written; lambdas are refused. */
class ExportTest {
  @Test
  void theOrderFileWrittenAndReadBackDrivesTheSame() {
    MachineDefinition original = OrderMachineTest.yaml();
    MachineDefinition written = RoundTrip.of(original);
    List<String> expected = OrderMachineTest.RETRIES_RUN_OUT.apply(Drive.start(original)).trace();
    assertThat(OrderMachineTest.RETRIES_RUN_OUT.apply(Drive.start(written)).trace())
        .containsExactlyElementsOf(expected)
        .last()
        .asString()
        .startsWith("fire MAX_RETRIES -> [payment_failed]");
    UnaryOperator<Drive> expiry = d -> d.fire("ORDER_EXPIRED");
    assertThat(expiry.apply(Drive.start(written)).trace())
        .containsExactlyElementsOf(expiry.apply(Drive.start(original)).trace());
  }

  @Test
  void aJavaMachineWithNamedBehavioursExportsAndReadsBackToTheSameBehaviour() {
    MachineDefinition java =
        Machine.define("counter")
            .behaviors(Drive.BEHAVIORS)
            .version(3)
            .zone(ZoneId.of("Europe/Berlin"))
            .maxTransitionDepth(20)
            .context(Map.of("paid", false, "count", 0))
            .initial("idle")
            .entry("count")
            .state(
                "idle",
                s ->
                    s.exit("countExit")
                        .on("PAY", t -> t.to("done").guard("isPaid").action("count"))
                        .on("MARK", t -> t.action("markPaid"))
                        .on("TICK", t -> t.action("count").timer("oneHour").max(2).then("STOP"))
                        .on("STOP", "done"))
            .finalState("done")
            .build();
    String yaml = MachineFormat.yaml().write(java);
    assertThat(yaml)
        .contains("version: 3", "zone: Europe/Berlin", "maxTransitionDepth: 20", "timer: oneHour");
    MachineDefinition back = RoundTrip.of(java);
    assertThat(back.version()).isEqualTo(3);
    assertThat(back.zone()).isEqualTo(ZoneId.of("Europe/Berlin"));
    assertThat(back.maxTransitionDepth()).isEqualTo(20);
    UnaryOperator<Drive> scenario = d -> d.send("PAY").send("MARK").fire("TICK").send("PAY");
    List<String> expected = scenario.apply(Drive.start(java)).trace();
    assertThat(scenario.apply(Drive.start(back)).trace()).containsExactlyElementsOf(expected);
    assertThat(Drive.start(back).send("MARK").send("PAY").context("count")).isEqualTo(2);
    assertThat(Drive.start(back).send("MARK").send("PAY").context("exits")).isEqualTo(1);
  }

  @Test
  void fixedDurationsAreWrittenAsExactIsoDurations() {
    MachineDefinition java =
        Machine.define("m")
            .initial("a")
            .state("a", s -> s.on("EXPIRE", t -> t.to("b").after(Timer.days(7))))
            .finalState("b")
            .build();
    assertThat(MachineFormat.yaml().write(java)).contains("after: PT168H");
    Drive back = Drive.start(RoundTrip.of(java));
    assertThat(back.timer("EXPIRE").due()).isEqualTo(Drive.T0.plus(Timer.days(7).toDuration()));
  }

  @Test
  void anUnnamedActionIsRefusedNamingItsPathAndTheFix() {
    MachineDefinition java =
        Machine.define("m")
            .initial("a")
            .state("a", s -> s.entry(scope -> scope.set("x", 1)).on("GO", "b"))
            .finalState("b")
            .build();
    assertThatThrownBy(() -> MachineFormat.yaml().write(java))
        .isInstanceOf(DefinitionExportException.class)
        .hasMessageStartingWith("m.a.entry: ")
        .hasMessageContaining("Behaviors.builder().action(\"name\"")
        .hasMessageContaining(".entry(\"name\")");
  }

  @Test
  void anUnnamedGuardOrTimerValueIsRefusedNamingItsPath() {
    MachineDefinition guarded =
        Machine.define("m")
            .initial("a")
            .state("a", s -> s.on("GO", t -> t.to("b").guard(scope -> true)))
            .finalState("b")
            .build();
    assertThatThrownBy(() -> MachineFormat.json().write(guarded))
        .hasMessageStartingWith("m.a.on.GO: ")
        .hasMessageContaining(".guard(\"name\")");
    MachineDefinition timed =
        Machine.define("m")
            .initial("a")
            .state("a", s -> s.on("GO", t -> t.to("b").timer(context -> "PT1H")))
            .finalState("b")
            .build();
    assertThatThrownBy(() -> MachineFormat.yaml().write(timed))
        .hasMessageStartingWith("m.a.on.GO: ")
        .hasMessageContaining(".timerValue(\"name\"");
  }

  @Test
  void aChildInputComputedByALambdaIsRefused() {
    MachineDefinition java =
        Machine.define("m")
            .initial("a")
            .state("a", s -> s.invoke("child", context -> Map.of()).on("@done", "b"))
            .finalState("b")
            .build();
    assertThatThrownBy(() -> MachineFormat.yaml().write(java))
        .hasMessageStartingWith("m.a.invoke: ");
  }

  @Test
  void eventValidatorsAreRefusedRatherThanDropped() {
    MachineDefinition java =
        Machine.define("m")
            .initial("a")
            .state("a", s -> s.on("GO", "b"))
            .finalState("b")
            .validate("GO", payload -> List.of())
            .build();
    assertThatThrownBy(() -> MachineFormat.yaml().write(java))
        .isInstanceOf(DefinitionExportException.class)
        .hasMessageStartingWith("m.validate: ")
        .hasMessageContaining("[GO]");
  }
}
