package dev.clockwork.spring.boot.autoconfigure;

import dev.clockwork.runtime.Engine;

/**
 * Changes the auto-configured engine before it is built, after the properties, machines, listeners
 * and metrics were applied: a clock for tests, a listener built in code, settings in code ({@code
 * builder.settings(s -> s.workers(w -> w.threads(4)))}), which win over the {@code clockwork.*}
 * properties key by key. Declare any number as beans; they run in {@code @Order}.
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
  void customize(Engine.Builder builder);
}
