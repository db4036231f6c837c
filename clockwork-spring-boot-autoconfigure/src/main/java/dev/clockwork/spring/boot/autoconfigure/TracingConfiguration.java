package dev.clockwork.spring.boot.autoconfigure;

import dev.clockwork.opentelemetry.ClockworkTracing;
import io.opentelemetry.api.GlobalOpenTelemetry;
import io.opentelemetry.api.OpenTelemetry;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * Tracing when {@code clockwork-opentelemetry} is on the class path: a {@link ClockworkTracing}
 * listener on the application's {@link OpenTelemetry} bean, else on {@link GlobalOpenTelemetry} (an
 * agent's, or the API's no-op). Looked up when the first event is traced, not when the bean is
 * made: asking the global too early would fix it to the no-op and refuse an SDK the application
 * registers later.
 */
@Configuration(proxyBeanMethods = false)
@ConditionalOnClass({ClockworkTracing.class, OpenTelemetry.class})
class TracingConfiguration {

  @Bean
  @ConditionalOnMissingBean
  ClockworkTracing clockworkTracing(ObjectProvider<OpenTelemetry> openTelemetry) {
    return ClockworkTracing.lazily(() -> openTelemetry.getIfAvailable(GlobalOpenTelemetry::get));
  }
}
