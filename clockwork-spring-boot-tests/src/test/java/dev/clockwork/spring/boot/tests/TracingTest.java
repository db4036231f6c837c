package dev.clockwork.spring.boot.tests;

import static org.assertj.core.api.Assertions.assertThat;

import dev.clockwork.core.definition.MachineDefinition;
import dev.clockwork.core.event.Event;
import dev.clockwork.opentelemetry.ClockworkTracing;
import dev.clockwork.runtime.Engine;
import dev.clockwork.spring.boot.autoconfigure.ClockworkAutoConfiguration;
import dev.clockwork.spring.boot.tests.support.TestMachines;
import io.opentelemetry.api.OpenTelemetry;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.context.Scope;
import io.opentelemetry.sdk.OpenTelemetrySdk;
import io.opentelemetry.sdk.testing.exporter.InMemorySpanExporter;
import io.opentelemetry.sdk.trace.SdkTracerProvider;
import io.opentelemetry.sdk.trace.data.SpanData;
import io.opentelemetry.sdk.trace.export.SimpleSpanProcessor;
import org.junit.jupiter.api.Test;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

/** With clockwork-opentelemetry present, the application's OpenTelemetry traces the engine. */
class TracingTest {
  private final ApplicationContextRunner runner =
      new ApplicationContextRunner()
          .withConfiguration(AutoConfigurations.of(ClockworkAutoConfiguration.class))
          .withBean(
              MachineDefinition.class,
              () ->
                  TestMachines.billing())
          .withPropertyValues("clockwork.workers.auto-startup=false");

  @Test
  void theApplicationsOpenTelemetryTracesTheEnqueueAndTheProcessingAsOneTrace() {
    InMemorySpanExporter exporter = InMemorySpanExporter.create();
    SdkTracerProvider provider =
        SdkTracerProvider.builder().addSpanProcessor(SimpleSpanProcessor.create(exporter)).build();
    OpenTelemetry otel = OpenTelemetrySdk.builder().setTracerProvider(provider).build();
    runner
        .withBean(OpenTelemetry.class, () -> otel)
        .run(
            context -> {
              assertThat(context).hasSingleBean(ClockworkTracing.class);
              Engine engine = context.getBean(Engine.class);
              String id = engine.create("billing").id();
              Span request = otel.getTracer("test").spanBuilder("request").startSpan();
              try (Scope ignored = request.makeCurrent()) {
                engine.enqueue(id, Event.of("BILL"));
              } finally {
                request.end();
              }
              engine.runDue();
              assertThat(exporter.getFinishedSpanItems())
                  .extracting(SpanData::getName)
                  .contains("enqueue billing", "process billing", "transition billing");
              assertThat(exporter.getFinishedSpanItems())
                  .extracting(SpanData::getTraceId)
                  .containsOnly(request.getSpanContext().getTraceId());
            });
    provider.close();
  }

  @Test
  void withoutAnOpenTelemetryBeanTheGlobalNoOpIsUsedAndNothingIsStored() {
    runner.run(
        context -> {
          assertThat(context).hasSingleBean(ClockworkTracing.class);
          Engine engine = context.getBean(Engine.class);
          String id = engine.create("billing").id();
          assertThat(engine.enqueue(id, Event.of("BILL")).headers()).isEmpty();
        });
  }
}
