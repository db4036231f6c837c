package dev.clockwork.spring.boot.autoconfigure;

import io.micrometer.core.instrument.MeterRegistry;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * The queue seed's metrics through the engine's listener seam, into the application's {@link
 * MeterRegistry} when it has one. The registry is looked up when the engine is built, not by a bean
 * condition, so this works whichever module (Boot 3's actuator, Boot 4's micrometer module) makes
 * the registry and in whatever order the auto-configurations run.
 */
@Configuration(proxyBeanMethods = false)
@ConditionalOnClass(MeterRegistry.class)
class MetricsConfiguration {

  @Bean
  @ConditionalOnMissingBean(name = "clockworkMetrics")
  ClockworkEngineCustomizer clockworkMetrics(ObjectProvider<MeterRegistry> registry) {
    return builder -> registry.ifUnique(builder::metrics);
  }
}
