package dev.clockwork.cli.environment;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.clockwork.core.behavior.Behaviors;
import dev.clockwork.core.definition.MachineDefinition;
import dev.clockwork.examples.ExampleMachines;
import dev.clockwork.runtime.MachineProvider;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The class path's providers: their machines and their named behaviours, merged. */
class ProvidedMachinesTest {
  /** A provider of no machine and one guard. */
  static final class Billing implements MachineProvider {
    @Override
    public List<MachineDefinition> machines() {
      return List.of();
    }

    @Override
    public Behaviors behaviors() {
      return Behaviors.builder().guard("isNotPaidGuard", scope -> true).build();
    }
  }

  @Test
  void theExamplesOfferTheirMachinesAndBehaviours() {
    ProvidedMachines provided = ProvidedMachines.load(provider -> true);

    assertThat(provided.machines()).extracting(MachineDefinition::id).contains("order");
    assertThat(provided.behaviors().guardNames()).contains("isNotPaidGuard", "gatewayIsUp");
    assertThat(provided.behaviors().actionNames()).contains("recordPayment");
  }

  @Test
  void providersLeftOutBringNeitherMachinesNorBehaviours() {
    ProvidedMachines none = ProvidedMachines.load(provider -> false);

    assertThat(none.machines()).isEmpty();
    assertThat(none.behaviors().guardNames()).isEmpty();
  }

  @Test
  void aNameTwoProvidersRegisterIsAnErrorNamingBoth() {
    assertThatThrownBy(() -> ProvidedMachines.of(List.of(new ExampleMachines(), new Billing())))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("isNotPaidGuard")
        .hasMessageContaining(ExampleMachines.class.getName())
        .hasMessageContaining(Billing.class.getName());
  }
}
