package dev.clockwork.spring.boot.autoconfigure;

import dev.clockwork.runtime.Engine;
import dev.clockwork.runtime.store.Store;
import dev.clockwork.schedule.Schedules;
import dev.clockwork.spring.boot.actuate.ActuatorHealthIndicator;
import dev.clockwork.spring.boot.actuate.BootHealthIndicator;
import dev.clockwork.spring.boot.actuate.ClockworkEndpoint;
import dev.clockwork.spring.boot.store.StoreChoice;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.actuate.autoconfigure.endpoint.condition.ConditionalOnAvailableEndpoint;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Condition;
import org.springframework.context.annotation.ConditionContext;
import org.springframework.context.annotation.Conditional;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.env.Environment;
import org.springframework.core.type.AnnotatedTypeMetadata;

/**
 * Clockwork in the actuator: the queues' health indicator ({@code clockwork}, off with {@code
 * management.health.clockwork.enabled=false}, or with {@code
 * management.health.defaults.enabled=false} unless turned on by name) on whichever health API the
 * Spring Boot line has — chosen by class conditions on class names, since Boot 4 moved health into
 * {@code spring-boot-health} — and the read-only {@code clockwork} endpoint.
 */
@AutoConfiguration(after = ClockworkAutoConfiguration.class)
@ConditionalOnBean(Engine.class)
public class ClockworkActuatorAutoConfiguration {
  /**
   * Spring Boot's rule for health indicators, written out because its annotation lives in a
   * different package on each Boot line: {@code management.health.clockwork.enabled} when set, else
   * {@code management.health.defaults.enabled} (true by default).
   */
  static final class HealthIndicatorEnabled implements Condition {
    @Override
    public boolean matches(ConditionContext context, AnnotatedTypeMetadata metadata) {
      Environment environment = context.getEnvironment();
      String own = environment.getProperty("management.health.clockwork.enabled");
      if (own != null) {
        return Boolean.parseBoolean(own.trim());
      }
      return environment.getProperty("management.health.defaults.enabled", Boolean.class, true);
    }
  }

  static final String BOOT3_HEALTH = "org.springframework.boot.actuate.health.HealthIndicator";
  static final String BOOT4_HEALTH = "org.springframework.boot.health.contributor.HealthIndicator";

  /** Spring Boot 3.x: {@code org.springframework.boot.actuate.health}. */
  @Configuration(proxyBeanMethods = false)
  @ConditionalOnClass(name = BOOT3_HEALTH)
  @Conditional(HealthIndicatorEnabled.class)
  static class Boot3Health {
    @Bean
    @ConditionalOnMissingBean(name = "clockworkHealthIndicator")
    ActuatorHealthIndicator clockworkHealthIndicator(Engine engine, ObjectProvider<Store> store) {
      return new ActuatorHealthIndicator(
          engine.admin().queues(), StoreChoice.describe(store.getIfUnique()));
    }
  }

  /** Spring Boot 4.x: {@code org.springframework.boot.health.contributor}. */
  @Configuration(proxyBeanMethods = false)
  @ConditionalOnClass(name = BOOT4_HEALTH)
  @Conditional(HealthIndicatorEnabled.class)
  static class Boot4Health {
    @Bean
    @ConditionalOnMissingBean(name = "clockworkHealthIndicator")
    BootHealthIndicator clockworkHealthIndicator(Engine engine, ObjectProvider<Store> store) {
      return new BootHealthIndicator(
          engine.admin().queues(), StoreChoice.describe(store.getIfUnique()));
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
    ClockworkEndpoint clockworkEndpoint(Engine engine, ObjectProvider<Schedules> schedules) {
      // an application's own engine (clockwork.enabled=false) may come without schedules
      return new ClockworkEndpoint(engine, schedules.getIfAvailable());
    }
  }
}
