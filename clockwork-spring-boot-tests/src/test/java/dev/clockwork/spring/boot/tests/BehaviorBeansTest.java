package dev.clockwork.spring.boot.tests;

import dev.clockwork.core.event.Event;
import static org.assertj.core.api.Assertions.assertThat;

import dev.clockwork.core.behavior.Action;
import dev.clockwork.core.behavior.ActionScope;
import dev.clockwork.core.behavior.Behaviors;
import dev.clockwork.core.behavior.Guard;
import dev.clockwork.core.behavior.TimerValue;
import dev.clockwork.core.definition.MachineDefinition;
import dev.clockwork.runtime.Engine;
import dev.clockwork.spring.boot.autoconfigure.ClockworkAutoConfiguration;
import dev.clockwork.spring.boot.behavior.ClockworkAction;
import dev.clockwork.spring.boot.behavior.ClockworkGuard;
import dev.clockwork.spring.boot.behavior.ClockworkTimerValue;
import dev.clockwork.spring.boot.tests.support.TestMachines;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.stereotype.Component;

/** Behaviours named in definitions resolve from beans, by annotation or by bean name. */
class BehaviorBeansTest {
  private final ApplicationContextRunner runner =
      new ApplicationContextRunner()
          .withConfiguration(AutoConfigurations.of(ClockworkAutoConfiguration.class))
          .withPropertyValues("clockwork.workers.auto-startup=false");

  @Test
  void annotatedComponentsAndBeanMethodsAreNamedByTheirAnnotationOthersByTheirBeanName() {
    runner
        .withUserConfiguration(Named.class, Billing.class)
        .withBean(ProcessBilling.class)
        .run(
            context -> {
              Behaviors behaviors = context.getBean(Behaviors.class);
              assertThat(behaviors.actionNames()).contains("processBillingAction", "explode");
              assertThat(behaviors.guardNames()).containsExactly("canBill");
              assertThat(behaviors.timerValueNames()).containsExactly("graceTime");
              Engine engine = context.getBean(Engine.class);
              String id = engine.create("billing").id();
              engine.send(id, Event.of("BILL"));
              assertThat(engine.instances().get(id).isIn("billed")).isTrue();
              assertThat(engine.instances().get(id).context().get("billed")).isEqualTo("by component");
            });
  }

  @Test
  void aMachineDeployedAsDataRunsWithTheBehaviourBeansItNames() {
    String yaml =
        """
        id: invoice
        version: 1
        initial: open
        states:
          open:
            on:
              BILL: {target: billed, guards: canBill, actions: processBillingAction}
          billed: {type: final}
        """;
    runner
        .withUserConfiguration(Named.class)
        .withBean(ProcessBilling.class)
        .run(
            context -> {
              Engine engine = context.getBean(Engine.class);
              engine.machines().deploy("invoice.yaml", yaml);
              assertThat(engine.machines().problems()).isEmpty();
              assertThat(engine.machines().ids()).contains("invoice");
              String id = engine.create("invoice").id();
              engine.send(id, Event.of("BILL"));
              assertThat(engine.instances().get(id).isIn("billed")).isTrue();
            });
  }

  @Test
  void twoBeansClaimingOneNameFailTheStartNamingBoth() {
    runner
        .withUserConfiguration(Named.class)
        .withBean(ProcessBilling.class)
        .withBean("processBillingAction", Action.class, () -> scope -> {})
        .run(
            context ->
                assertThat(context)
                    .getFailure()
                    .rootCause()
                    .hasMessageContaining("'processBillingAction'")
                    .hasMessageContaining("ProcessBilling")
                    .hasMessageContaining("@ClockworkAction"));
  }

  @Component
  @ClockworkAction("processBillingAction")
  static class ProcessBilling implements Action {
    @Override
    public void run(ActionScope scope) {
      scope.set("billed", "by component");
    }
  }

  @Configuration(proxyBeanMethods = false)
  static class Named {
    @Bean
    @ClockworkGuard("canBill")
    Guard billingAllowed() {
      return scope -> true;
    }

    @Bean
    @ClockworkTimerValue("graceTime")
    TimerValue grace() {
      return scope -> Duration.ofMinutes(5);
    }

    @Bean
    Action explode() {
      return scope -> {};
    }
  }

  @Configuration(proxyBeanMethods = false)
  static class Billing {
    @Bean
    MachineDefinition billing(Behaviors behaviors) {
      return TestMachines.billing(behaviors);
    }
  }
}
