package dev.clockwork.spring.boot.tests;

import static org.assertj.core.api.Assertions.assertThat;

import dev.clockwork.core.behavior.Action;
import dev.clockwork.core.behavior.ActionScope;
import dev.clockwork.core.behavior.Behaviors;
import dev.clockwork.core.definition.MachineDefinition;
import dev.clockwork.runtime.Engine;
import dev.clockwork.spring.boot.autoconfigure.ClockworkActuatorAutoConfiguration;
import dev.clockwork.spring.boot.autoconfigure.ClockworkAutoConfiguration;
import dev.clockwork.spring.boot.behavior.ClockworkAction;
import dev.clockwork.spring.boot.tests.support.TestMachines;
import org.junit.jupiter.api.Test;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * Cases a Spring application meets: an action that depends on the engine, the application's own
 * engine with the endpoint exposed, Boot's switch for default health indicators.
 */
class StarterEdgeCasesTest {
  private final ApplicationContextRunner runner =
      new ApplicationContextRunner()
          .withConfiguration(AutoConfigurations.of(ClockworkAutoConfiguration.class))
          .withPropertyValues("clockwork.workers.auto-startup=false");

  /**
   * An action that uses the engine (to send another instance an event) is the common case; with
   * constructor injection the Behaviors bean's getBeansOfType silently skips it (bean currently in
   * creation) and the machine cannot resolve the name, or the start fails with a cycle.
   */
  @Test
  void anActionBeanThatInjectsTheEngineStillResolvesByName() {
    runner
        .withUserConfiguration(Billing.class)
        .withBean(NotifyingAction.class)
        .withBean("canBill", dev.clockwork.core.behavior.Guard.class, () -> scope -> true)
        .withBean("explode", Action.class, () -> scope -> {})
        .run(
            context -> {
              assertThat(context).hasNotFailed();
              assertThat(context.getBean(Behaviors.class).actionNames())
                  .contains("processBillingAction");
            });
  }

  @ClockworkAction("processBillingAction")
  static class NotifyingAction implements Action {
    private final Engine engine;

    NotifyingAction(Engine engine) {
      this.engine = engine;
    }

    @Override
    public void run(ActionScope scope) {
      scope.set("engine", engine != null);
    }
  }

  @Configuration(proxyBeanMethods = false)
  static class Billing {
    @Bean
    MachineDefinition billing(Behaviors behaviors) {
      return TestMachines.billing(behaviors);
    }
  }

  /** clockwork.enabled=false with an Engine of the application's own: the endpoint fails the start. */
  @Test
  void enabledFalseWithTheApplicationsOwnEngineAndTheEndpointExposedStarts() {
    new ApplicationContextRunner()
        .withConfiguration(
            AutoConfigurations.of(
                ClockworkAutoConfiguration.class, ClockworkActuatorAutoConfiguration.class))
        .withPropertyValues(
            "clockwork.enabled=false", "management.endpoints.web.exposure.include=clockwork")
        .withBean(Engine.class, () -> Engine.builder().build())
        .run(context -> assertThat(context).hasNotFailed());
  }

  /**
   * Boot's convention (ConditionalOnEnabledHealthIndicator): management.health.defaults.enabled=false
   * turns off every indicator not explicitly enabled. Clockwork's plain @ConditionalOnProperty
   * ignores it.
   */
  @Test
  void healthDefaultsDisabledTurnsTheClockworkIndicatorOff() {
    new ApplicationContextRunner()
        .withConfiguration(
            AutoConfigurations.of(
                ClockworkAutoConfiguration.class, ClockworkActuatorAutoConfiguration.class))
        .withPropertyValues(
            "clockwork.workers.auto-startup=false", "management.health.defaults.enabled=false")
        .run(context -> assertThat(context).doesNotHaveBean("clockworkHealthIndicator"));
  }
}
