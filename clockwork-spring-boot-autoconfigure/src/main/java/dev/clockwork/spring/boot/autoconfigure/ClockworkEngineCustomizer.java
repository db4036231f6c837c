package dev.clockwork.spring.boot.autoconfigure;

import dev.clockwork.runtime.EngineBuilder;

/**
 * Changes the auto-configured engine before it is built, after the properties, machines, listeners
 * and metrics were applied: a clock for tests, a listener built in code, options no property
 * covers. Declare any number as beans; they run in {@code @Order}.
 *
 * <pre>{@code
 * @Bean
 * ClockworkEngineCustomizer virtualTime(VirtualClock clock) {
 *   return builder -> builder.clock(clock);
 * }
 * }</pre>
 */
@FunctionalInterface
public interface ClockworkEngineCustomizer {
  void customize(EngineBuilder builder);
}
