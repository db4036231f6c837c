package dev.clockwork.examples.spring;

import static org.assertj.core.api.Assertions.assertThat;

import dev.clockwork.core.definition.Machine;
import dev.clockwork.core.event.Event;
import dev.clockwork.runtime.Engine;
import io.opentelemetry.sdk.OpenTelemetrySdk;
import io.opentelemetry.sdk.testing.exporter.InMemorySpanExporter;
import io.opentelemetry.sdk.trace.SdkTracerProvider;
import io.opentelemetry.sdk.trace.data.SpanData;
import io.opentelemetry.sdk.trace.export.SimpleSpanProcessor;
import org.junit.jupiter.api.Test;

/** The README's OpenTelemetry snippet traces what it says it traces. */
class PlainJavaTracingTest {
  @Test
  void theSnippetsEngineReportsItsSpans() {
    InMemorySpanExporter exporter = InMemorySpanExporter.create();
    try (SdkTracerProvider provider =
        SdkTracerProvider.builder()
            .addSpanProcessor(SimpleSpanProcessor.create(exporter))
            .build()) {
      Engine engine =
          PlainJavaTracing.tracedEngine(
              OpenTelemetrySdk.builder().setTracerProvider(provider).build(),
              Machine.define("door")
                  .initial("closed")
                  .state("closed", s -> s.on("OPEN", "open"))
                  .finalState("open")
                  .build());
      engine.enqueue(engine.create("door").id(), Event.of("OPEN"));
      engine.runDue();
      assertThat(exporter.getFinishedSpanItems())
          .extracting(SpanData::getName)
          .containsExactlyInAnyOrder("enqueue door", "transition door", "process door");
    }
  }
}
