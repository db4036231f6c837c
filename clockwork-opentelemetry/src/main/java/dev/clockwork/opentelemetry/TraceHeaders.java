package dev.clockwork.opentelemetry;

import io.opentelemetry.api.trace.propagation.W3CTraceContextPropagator;
import io.opentelemetry.context.propagation.TextMapGetter;
import io.opentelemetry.context.propagation.TextMapPropagator;
import io.opentelemetry.context.propagation.TextMapSetter;
import java.util.Map;

/** W3C trace context ({@code traceparent}, {@code tracestate}) in a queued event's headers. */
final class TraceHeaders {
  /** Always W3C: the headers are stored, and read back by whichever node processes the event. */
  static final TextMapPropagator PROPAGATOR = W3CTraceContextPropagator.getInstance();

  static final TextMapSetter<Map<String, String>> SETTER = Map::put;

  static final TextMapGetter<Map<String, String>> GETTER =
      new TextMapGetter<>() {
        @Override
        public Iterable<String> keys(Map<String, String> carrier) {
          return carrier.keySet();
        }

        @Override
        public String get(Map<String, String> carrier, String key) {
          return carrier == null ? null : carrier.get(key);
        }
      };

  private TraceHeaders() {}
}
