package dev.clockwork.examples.spring;

import dev.clockwork.core.definition.MachineDefinition;
import dev.clockwork.opentelemetry.ClockworkTracing;
import dev.clockwork.runtime.Engine;
import io.opentelemetry.api.OpenTelemetry;

/** Tracing an engine without Spring: the listener is all there is to it. */
final class PlainJavaTracing {
  private PlainJavaTracing() {}

  static Engine tracedEngine(OpenTelemetry openTelemetry, MachineDefinition order) {
    // snippet:start opentelemetry
    Engine engine =
        Engine.builder()
            .register(order)
            .listener(ClockworkTracing.create(openTelemetry)) // or ClockworkTracing.global()
            .build();
    // snippet:end opentelemetry
    return engine;
  }
}
