package dev.clockwork.opentelemetry;

import dev.clockwork.core.event.Event;
import dev.clockwork.runtime.listener.EngineListener;
import dev.clockwork.runtime.listener.ProcessedEvent;
import io.opentelemetry.api.GlobalOpenTelemetry;
import io.opentelemetry.api.OpenTelemetry;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.SpanContext;
import io.opentelemetry.api.trace.SpanKind;
import io.opentelemetry.api.trace.StatusCode;
import io.opentelemetry.api.trace.Tracer;
import io.opentelemetry.context.Context;
import io.opentelemetry.context.propagation.TextMapPropagator;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.function.Supplier;

/**
 * Traces an engine as a listener, through the OpenTelemetry API only:
 *
 * <ul>
 *   <li>{@code enqueue <machine>} (producer): when the application enqueues an event, a child of
 *       whatever span is current; its W3C {@code traceparent} is stored with the queued event;
 *   <li>{@code process <machine>} (consumer): the event's macrostep on a worker, a child of the
 *       enqueue span (one trace from the request to the worker) and linked to it, with the machine,
 *       instance, event, attempt and outcome;
 *   <li>{@code transition <machine>}: inside it, when the event moved the instance, from and to;
 *   <li>{@code timer fired <machine>}: a timer fire's macrostep;
 *   <li>{@code schedule triggered <machine>}: an instance a schedule started, with the schedule.
 * </ul>
 *
 * <p>Spans are reported after their commit, with the engine's timestamps. Without an SDK (the API's
 * no-op) nothing is recorded and no header is stored.
 *
 * <pre>{@code
 * Engine engine = Engine.builder()
 *     .listener(ClockworkTracing.create(openTelemetry))
 *     .register(order)
 *     .build();
 * }</pre>
 */
public final class ClockworkTracing implements EngineListener {
  /** The instrumentation scope's name. */
  public static final String SCOPE = "dev.clockwork";

  private final Supplier<OpenTelemetry> source;
  private final TextMapPropagator propagator = TraceHeaders.PROPAGATOR;
  private volatile Tracer tracer;

  private ClockworkTracing(Supplier<OpenTelemetry> source) {
    this.source = source;
  }

  /** Tracing through {@code openTelemetry} (its tracer provider; W3C trace context in headers). */
  public static ClockworkTracing create(OpenTelemetry openTelemetry) {
    Objects.requireNonNull(openTelemetry, "openTelemetry");
    return new ClockworkTracing(() -> openTelemetry);
  }

  /**
   * Tracing through the {@code OpenTelemetry} that {@code source} gives when the first event is
   * traced, not now: asking {@link GlobalOpenTelemetry} too early fixes it to the no-op, and an SDK
   * the application registers later could then not be registered at all.
   */
  public static ClockworkTracing lazily(Supplier<OpenTelemetry> source) {
    return new ClockworkTracing(Objects.requireNonNull(source, "source"));
  }

  /**
   * Tracing through {@link GlobalOpenTelemetry}, looked up at the first traced event: a no-op
   * unless an SDK or agent registered one by then.
   */
  public static ClockworkTracing global() {
    return lazily(GlobalOpenTelemetry::get);
  }

  private Tracer tracer() {
    Tracer known = tracer;
    if (known == null) {
      synchronized (this) {
        known = tracer;
        if (known == null) {
          known = source.get().getTracer(SCOPE);
          tracer = known;
        }
      }
    }
    return known;
  }

  @Override
  public Map<String, String> enqueuing(
      String namespace, String instanceId, String machine, Event event) {
    Span span =
        tracer()
            .spanBuilder("enqueue " + machine)
            .setSpanKind(SpanKind.PRODUCER)
            .setAllAttributes(SpanAttributes.event(machine, namespace, instanceId, event.type()))
            .startSpan();
    try {
      Map<String, String> headers = new LinkedHashMap<>();
      propagator.inject(Context.current().with(span), headers, TraceHeaders.SETTER);
      return headers;
    } finally {
      span.end();
    }
  }

  @Override
  public void eventProcessed(ProcessedEvent event) {
    boolean timer = "timer".equals(event.source());
    Context enqueued = propagator.extract(Context.root(), event.headers(), TraceHeaders.GETTER);
    SpanContext link = Span.fromContext(enqueued).getSpanContext();
    Instant end = event.startedAt().plus(event.took());
    var builder =
        tracer()
            .spanBuilder((timer ? "timer fired " : "process ") + event.machine())
            .setParent(enqueued)
            .setSpanKind(timer ? SpanKind.INTERNAL : SpanKind.CONSUMER)
            .setStartTimestamp(event.startedAt())
            .setAllAttributes(SpanAttributes.processed(event));
    if (link.isValid()) {
      builder.addLink(link);
    }
    Span span = builder.startSpan();
    if (event.outcome() != ProcessedEvent.Outcome.APPLIED) {
      span.setStatus(StatusCode.ERROR, event.error() == null ? "" : event.error());
    }
    if (event.transitioned()) {
      tracer()
          .spanBuilder("transition " + event.machine())
          .setParent(Context.root().with(span))
          .setStartTimestamp(event.startedAt())
          .setAllAttributes(SpanAttributes.transition(event))
          .startSpan()
          .end(end);
    }
    span.end(end);
  }

  @Override
  public void instanceCreated(
      String namespace, String instanceId, String machine, Event origin, Instant at) {
    if (origin == null || !SpanAttributes.SCHEDULE_TRIGGERED.equals(origin.type())) {
      return;
    }
    tracer()
        .spanBuilder("schedule triggered " + machine)
        .setNoParent()
        .setStartTimestamp(at)
        .setAllAttributes(SpanAttributes.scheduleTriggered(machine, namespace, instanceId, origin))
        .startSpan()
        .end(at);
  }
}
