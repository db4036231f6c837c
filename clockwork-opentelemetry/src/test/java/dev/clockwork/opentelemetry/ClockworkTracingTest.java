package dev.clockwork.opentelemetry;

import static org.assertj.core.api.Assertions.assertThat;

import dev.clockwork.core.definition.Machine;
import dev.clockwork.core.definition.MachineDefinition;
import dev.clockwork.core.event.Event;
import dev.clockwork.core.time.Timer;
import dev.clockwork.runtime.Engine;
import dev.clockwork.runtime.clock.VirtualClock;
import dev.clockwork.runtime.queue.QueuedEvent;
import dev.clockwork.schedule.ScheduleRequest;
import dev.clockwork.schedule.Schedules;
import dev.clockwork.schedule.store.memory.InMemoryScheduleStore;
import io.opentelemetry.api.OpenTelemetry;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.SpanKind;
import io.opentelemetry.context.Scope;
import io.opentelemetry.sdk.OpenTelemetrySdk;
import io.opentelemetry.sdk.testing.exporter.InMemorySpanExporter;
import io.opentelemetry.sdk.trace.SdkTracerProvider;
import io.opentelemetry.sdk.trace.data.SpanData;
import io.opentelemetry.sdk.trace.export.SimpleSpanProcessor;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * With the SDK's in-memory exporter: the enqueue and the worker's processing are one trace, linked;
 * transitions, timer fires and schedule triggers have spans; without an SDK nothing is stored.
 */
class ClockworkTracingTest {
  private final VirtualClock clock = VirtualClock.at("2026-04-01T09:00:00Z");
  private final InMemorySpanExporter exporter = InMemorySpanExporter.create();
  private final SdkTracerProvider provider =
      SdkTracerProvider.builder().addSpanProcessor(SimpleSpanProcessor.create(exporter)).build();
  private final OpenTelemetry otel = OpenTelemetrySdk.builder().setTracerProvider(provider).build();
  private final Engine engine =
      Engine.builder()
          .clock(clock)
          .register(order())
          .listener(ClockworkTracing.create(otel))
          .build();

  @AfterEach
  void close() {
    provider.close();
  }

  @Test
  void sendQueuedProcessedIsOneTraceAcrossTheEnqueueAndTheWorker() throws Exception {
    String id = engine.create("order").id();
    Span request = otel.getTracer("test").spanBuilder("POST /orders/{id}/events").startSpan();
    QueuedEvent queued;
    try (Scope ignored = request.makeCurrent()) {
      queued = engine.enqueue(id, Event.of("SUBMIT"));
    } finally {
      request.end();
    }
    assertThat(queued.headers()).containsKey("traceparent");

    CompletableFuture.runAsync(engine::runDue).get(); // another thread, as a worker

    SpanData enqueue = span("enqueue order");
    SpanData process = span("process order");
    assertThat(enqueue.getKind()).isEqualTo(SpanKind.PRODUCER);
    assertThat(enqueue.getParentSpanId()).isEqualTo(request.getSpanContext().getSpanId());
    assertThat(process.getKind()).isEqualTo(SpanKind.CONSUMER);
    assertThat(process.getTraceId()).isEqualTo(request.getSpanContext().getTraceId());
    assertThat(process.getParentSpanId()).isEqualTo(enqueue.getSpanId());
    assertThat(process.getLinks())
        .singleElement()
        .satisfies(
            l -> {
              assertThat(l.getSpanContext().getTraceId()).isEqualTo(enqueue.getTraceId());
              assertThat(l.getSpanContext().getSpanId()).isEqualTo(enqueue.getSpanId());
            });
    assertThat(process.getAttributes().get(SpanAttributes.MACHINE)).isEqualTo("order");
    assertThat(process.getAttributes().get(SpanAttributes.EVENT)).isEqualTo("SUBMIT");
    assertThat(process.getAttributes().get(SpanAttributes.ATTEMPT)).isEqualTo(1L);
    assertThat(process.getAttributes().get(SpanAttributes.OUTCOME)).isEqualTo("applied");
    assertThat(process.getAttributes().get(SpanAttributes.EVENT_ID)).isEqualTo(queued.id());

    SpanData transition = span("transition order");
    assertThat(transition.getParentSpanId()).isEqualTo(process.getSpanId());
    assertThat(transition.getAttributes().get(SpanAttributes.FROM)).containsExactly("idle");
    assertThat(transition.getAttributes().get(SpanAttributes.TO)).containsExactly("waiting");
  }

  @Test
  void aTimerFireHasItsSpan() {
    String id = engine.create("order").id();
    engine.send(id, Event.of("SUBMIT"));
    clock.advance(Duration.ofHours(1));
    engine.runDue();

    SpanData fired = span("timer fired order");
    assertThat(fired.getAttributes().get(SpanAttributes.SOURCE)).isEqualTo("timer");
    assertThat(fired.getAttributes().get(SpanAttributes.INSTANCE)).isEqualTo(id);
    assertThat(span("transition order", 1).getAttributes().get(SpanAttributes.TO))
        .containsExactly("expired");
  }

  @Test
  void aScheduleTriggerHasItsSpan() {
    Schedules schedules = Schedules.builder(engine).store(new InMemoryScheduleStore()).build();
    schedules.create(
        ScheduleRequest.builder("hourly-orders")
            .startMachine("order", Map.of())
            .interval("PT1H")
            .build());
    clock.advance(Duration.ofHours(1));
    schedules.tick();

    SpanData triggered = span("schedule triggered order");
    assertThat(triggered.getAttributes().get(SpanAttributes.SCHEDULE)).isEqualTo("hourly-orders");
    assertThat(triggered.getAttributes().get(SpanAttributes.OCCURRENCE)).isNotNull();
  }

  @Test
  void withoutAnSdkNothingIsRecordedAndNoHeaderStored() {
    Engine untraced =
        Engine.builder()
            .clock(clock)
            .register(order())
            .listener(ClockworkTracing.create(OpenTelemetry.noop()))
            .build();
    String id = untraced.create("order").id();

    QueuedEvent queued = untraced.enqueue(id, Event.of("SUBMIT"));
    untraced.runDue();

    assertThat(queued.headers()).isEmpty();
    assertThat(untraced.instances().get(id).isIn("waiting")).isTrue();
    assertThat(exporter.getFinishedSpanItems()).isEmpty();
  }

  private SpanData span(String name) {
    return span(name, 0);
  }

  private SpanData span(String name, int index) {
    List<SpanData> named =
        exporter.getFinishedSpanItems().stream().filter(s -> s.getName().equals(name)).toList();
    assertThat(named).as("spans named '%s'", name).hasSizeGreaterThan(index);
    return named.get(index);
  }

  private static MachineDefinition order() {
    return Machine.define("order")
        .initial("idle")
        .state("idle", s -> s.on("SUBMIT", "waiting"))
        .state("waiting", s -> s.on("EXPIRE", t -> t.to("expired").after(Timer.hours(1))))
        .finalState("expired")
        .build();
  }
}
