package dev.clockwork.spring.boot.autoconfigure;

import dev.clockwork.runtime.Engine;
import dev.clockwork.schedule.Schedules;
import dev.clockwork.server.ClockworkServer;
import dev.clockwork.server.access.AccessPolicy;
import dev.clockwork.server.config.ServerConfig;
import dev.clockwork.spring.boot.server.ServerLifecycle;
import dev.clockwork.spring.boot.server.ServerStartException;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.config.BeanFactoryPostProcessor;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * Clockwork's own HTTP API and dashboard when {@code clockwork.server.enabled=true}: a {@link
 * ClockworkServer} over the application's engine and schedules, on its own port, configured by the
 * {@code server:} block of the engine's settings ({@code clockwork.server.host}, {@code port},
 * {@code tokens}, {@code limits}, read by the server's own {@link ServerConfig}). It starts after
 * the engine's workers and stops with the context, before them. Without {@code
 * dev.clockwork:clockwork-server} on the classpath the start stops, naming the dependency.
 */
@AutoConfiguration(after = ClockworkAutoConfiguration.class)
@ConditionalOnProperty(prefix = "clockwork", name = "enabled", matchIfMissing = true)
@ConditionalOnProperty(prefix = "clockwork.server", name = "enabled", havingValue = "true")
public class ClockworkServerAutoConfiguration {

  @Configuration(proxyBeanMethods = false)
  @ConditionalOnClass(name = "dev.clockwork.server.ClockworkServer")
  @ConditionalOnBean(Engine.class)
  static class Server {
    @Bean
    @ConditionalOnMissingBean
    ServerLifecycle clockworkServerLifecycle(
        Engine engine,
        ObjectProvider<Schedules> schedules,
        ObjectProvider<PrometheusMeterRegistry> metrics) {
      ServerConfig config = ServerConfig.from(engine.settings());
      ClockworkServer server =
          ClockworkServer.builder(engine)
              .schedules(schedules.getIfAvailable())
              .metrics(metrics.getIfUnique())
              .access(AccessPolicy.from(config))
              .host(config.host())
              .port(config.port())
              .limits(config.limits())
              .build();
      return new ServerLifecycle(server, config.host(), config.port());
    }
  }

  @Configuration(proxyBeanMethods = false)
  @ConditionalOnMissingClass("dev.clockwork.server.ClockworkServer")
  static class ServerMissing {
    /** Before any bean is created, so lazy initialisation cannot hide it. */
    @Bean
    static BeanFactoryPostProcessor clockworkServerMissing() {
      return beans -> {
        throw ServerStartException.moduleMissing();
      };
    }
  }
}
