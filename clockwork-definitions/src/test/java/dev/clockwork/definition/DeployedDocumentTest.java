package dev.clockwork.definition;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.clockwork.core.behavior.Action;
import dev.clockwork.core.behavior.Behaviors;
import dev.clockwork.core.behavior.Guard;
import dev.clockwork.core.behavior.TimerValue;
import dev.clockwork.core.definition.Machine;
import dev.clockwork.core.definition.MachineDefinition;
import dev.clockwork.core.diagram.MermaidDiagram;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/**
 * The document a node deploys for a machine defined in Java: its code parts are marked, not
 * refused, so a node without the code shows the machine and knows it cannot run it.
 */
class DeployedDocumentTest {
  private static final MachineDefinition JAVA =
      Machine.define("checkout")
          .context(Map.of("paid", false))
          .initial("open")
          .validate("PAY", event -> java.util.List.of())
          .state(
              "open",
              s ->
                  s.entry(scope -> scope.set("opened", true))
                      .entry(scope -> scope.set("twice", true))
                      .on("PAY", t -> t.to("paid").guard(scope -> true).action(scope -> {}))
                      .on("REMIND", t -> t.timer(context -> "PT1H"))
                      .invoke("payment", context -> Map.of()))
          .finalState("paid")
          .build();

  @Test
  void codePartsAreMarkedByTheirPathAndListedUnderRequires() {
    String json = MachineFormat.json().writeDeployed(JAVA);

    assertThat(json)
        .contains(
            "\"requires\"",
            "\"code:checkout.validate\"",
            "\"code:checkout.open.entry\"",
            "\"code:checkout.open.entry#2\"",
            "\"code:checkout.open.on.PAY\"",
            "\"code:checkout.open.on.PAY#2\"",
            "\"code:checkout.open.on.REMIND\"",
            "\"code:checkout.open.invoke\"");
    assertThatThrownBy(() -> MachineFormat.json().write(JAVA))
        .as("written for a reader, code is still refused")
        .hasMessageStartingWith("checkout.validate: ");
  }

  @Test
  void aNodeWithoutTheCodeCannotReadItToRun() {
    String json = MachineFormat.json().writeDeployed(JAVA);

    assertThatThrownBy(() -> MachineFormat.json().read("stored", json, Behaviors.none()))
        .isInstanceOf(DefinitionFormatException.class)
        .hasMessageContaining("code:checkout.");
  }

  @Test
  void withStandInsItReadsToTheSameDiagramAndLearnsEveryMissingName() {
    String json = MachineFormat.json().writeDeployed(JAVA);
    Recorded missing = new Recorded();

    MachineDefinition shown =
        MachineFormat.json().read("stored", json, Behaviors.none().withStandIns(missing));

    assertThat(MermaidDiagram.of(shown)).isEqualTo(MermaidDiagram.of(JAVA));
    assertThat(missing.names)
        .containsExactly(
            "code:checkout.open.entry",
            "code:checkout.open.entry#2",
            "code:checkout.open.invoke",
            "code:checkout.open.on.PAY",
            "code:checkout.open.on.PAY#2",
            "code:checkout.open.on.REMIND",
            "code:checkout.validate");
  }

  /** Stand-ins that remember what they stood in for. */
  private static final class Recorded implements Behaviors.StandIns {
    final Set<String> names = new TreeSet<>();

    @Override
    public Guard guard(String name) {
      names.add(name);
      return scope -> false;
    }

    @Override
    public Action action(String name) {
      names.add(name);
      return scope -> {};
    }

    @Override
    public TimerValue timerValue(String name) {
      names.add(name);
      return context -> "PT1H";
    }
  }
}
