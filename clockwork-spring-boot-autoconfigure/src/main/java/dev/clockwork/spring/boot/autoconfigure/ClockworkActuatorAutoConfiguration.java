package dev.clockwork.spring.boot.autoconfigure;

import dev.clockwork.runtime.Engine;
import dev.clockwork.runtime.schedule.Schedules;
import dev.clockwork.spring.boot.actuate.ActuatorHealthIndicator;
import dev.clockwork.spring.boot.actuate.BootHealthIndicator;
import dev.clockwork.spring.boot.actuate.ClockworkEndpoint;
import org.springframework.boot.actuate.autoconfigure.endpoint.condition.ConditionalOnAvailableEndpoint;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * Clockwork in the actuator: the queues' health indicator ({@code clockwork}, off with {@code
 * management.health.clockwork.enabled=false}) on whichever health API the Spring Boot line has —
 * chosen by class conditions on class names, since Boot 4 moved health into {@code
 * spring-boot-health} — and the read-only {@code clockwork} endpoint.
 */
@AutoConfiguration(after = ClockworkAutoConfiguration.class)
@ConditionalOnBean(Engine.class)
public class ClockworkActuatorAutoConfiguration {
  static final String BOOT3_HEALTH = "org.springframework.boot.actuate.health.HealthIndicator";
  static final String BOOT4_HEALTH = "org.springframework.boot.health.contributor.HealthIndicator";

  /** Spring Boot 3.x: {@code org.springframework.boot.actuate.health}. */
  @Configuration(proxyBeanMethods = false)
  @ConditionalOnClass(name = BOOT3_HEALTH)
  @ConditionalOnProperty(
      prefix = "management.health.clockwork",
      name = "enabled",
      matchIfMissing = true)
  static class Boot3Health {
    @Bean
    @ConditionalOnMissingBean(name = "clockworkHealthIndicator")
    ActuatorHealthIndicator clockworkHealthIndicator(Engine engine) {
      return new ActuatorHealthIndicator(engine.queues());
    }
  }

  /** Spring Boot 4.x: {@code org.springframework.boot.health.contributor}. */
  @Configuration(proxyBeanMethods = false)
  @ConditionalOnClass(name = BOOT4_HEALTH)
  @ConditionalOnProperty(
      prefix = "management.health.clockwork",
      name = "enabled",
      matchIfMissing = true)
  static class Boot4Health {
    @Bean
    @ConditionalOnMissingBean(name = "clockworkHealthIndicator")
    BootHealthIndicator clockworkHealthIndicator(Engine engine) {
      return new BootHealthIndicator(engine.queues());
    }
  }

  /** The read-only endpoint, when the actuator is there and the endpoint is exposed. */
  @Configuration(proxyBeanMethods = false)
  @ConditionalOnClass(
      name =
          "org.springframework.boot.actuate.autoconfigure.endpoint.condition"
              + ".ConditionalOnAvailableEndpoint")
  static class Endpoint {
    @Bean
    @ConditionalOnMissingBean
    @ConditionalOnAvailableEndpoint(endpoint = ClockworkEndpoint.class)
    ClockworkEndpoint clockworkEndpoint(Engine engine, Schedules schedules) {
      return new ClockworkEndpoint(engine, schedules);
    }
  }
}
