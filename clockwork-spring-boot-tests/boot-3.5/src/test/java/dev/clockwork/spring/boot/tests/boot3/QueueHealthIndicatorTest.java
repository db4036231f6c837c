package dev.clockwork.spring.boot.tests.boot3;

import static org.assertj.core.api.Assertions.assertThat;

import dev.clockwork.core.definition.MachineDefinition;
import dev.clockwork.core.event.Event;
import dev.clockwork.runtime.Engine;
import dev.clockwork.spring.boot.autoconfigure.ClockworkActuatorAutoConfiguration;
import dev.clockwork.spring.boot.autoconfigure.ClockworkAutoConfiguration;
import dev.clockwork.spring.boot.tests.support.TestMachines;
import org.junit.jupiter.api.Test;
import org.springframework.boot.actuate.health.HealthIndicator;
import org.springframework.boot.actuate.health.Status;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

/**
 * The queues' health on Spring Boot 3.5's health API ({@code
 * org.springframework.boot.actuate.health}): UP under the thresholds, DOWN at the critical one with
 * the checks in the details, and off when disabled.
 */
class QueueHealthIndicatorTest {
  private final ApplicationContextRunner runner =
      new ApplicationContextRunner()
          .withConfiguration(
              AutoConfigurations.of(
                  ClockworkAutoConfiguration.class, ClockworkActuatorAutoConfiguration.class))
          .withBean(MachineDefinition.class, () -> TestMachines.billing())
          .withPropertyValues(
              "clockwork.workers.auto-startup=false",
              "clockwork.queue.alerts.pending-warning=1",
              "clockwork.queue.alerts.pending-critical=2");

  @Test
  void upUnderTheThresholdsDownAtTheCriticalOne() {
    runner.run(
        context -> {
          HealthIndicator health =
              context.getBean("clockworkHealthIndicator", HealthIndicator.class);
          assertThat(health.health().getStatus()).isEqualTo(Status.UP);
          Engine engine = context.getBean(Engine.class);
          engine.enqueue(engine.create("billing").id(), Event.of("BILL"));
          assertThat(health.health().getStatus()).isEqualTo(Status.UP);
          assertThat(health.health().getDetails().get("level")).isEqualTo("warning");
          engine.enqueue(engine.create("billing").id(), Event.of("BILL"));
          assertThat(health.health().getStatus()).isEqualTo(Status.DOWN);
          assertThat(health.health().getDetails().toString()).contains("billing queue");
          engine.runDue();
          assertThat(health.health().getStatus()).isEqualTo(Status.UP);
        });
  }

  @Test
  void managementHealthClockworkEnabledFalseTurnsItOff() {
    runner
        .withPropertyValues("management.health.clockwork.enabled=false")
        .run(context -> assertThat(context).doesNotHaveBean("clockworkHealthIndicator"));
  }

  @Test
  void theInMemoryStoreShowsAsNotDurable() {
    runner.run(
        context ->
            assertThat(
                    context
                        .getBean("clockworkHealthIndicator", HealthIndicator.class)
                        .health()
                        .getDetails())
                .containsEntry("store", "memory (not durable)"));
  }
}
