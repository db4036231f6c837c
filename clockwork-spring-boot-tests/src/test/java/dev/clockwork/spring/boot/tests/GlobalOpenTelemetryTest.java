package dev.clockwork.spring.boot.tests;

import static org.assertj.core.api.Assertions.assertThatCode;

import dev.clockwork.opentelemetry.ClockworkTracing;
import dev.clockwork.spring.boot.autoconfigure.ClockworkAutoConfiguration;
import io.opentelemetry.api.GlobalOpenTelemetry;
import io.opentelemetry.sdk.OpenTelemetrySdk;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

/**
 * Without an OpenTelemetry bean the starter must not ask GlobalOpenTelemetry while the context
 * refreshes (that pins the global to the no-op): an SDK the application registers afterwards is
 * registered, and Clockwork traces through it.
 */
class GlobalOpenTelemetryTest {
  @BeforeEach
  @AfterEach
  void reset() {
    GlobalOpenTelemetry.resetForTest();
  }

  @Test
  void theStarterDoesNotPinTheGlobalOpenTelemetryToTheNoOp() {
    new ApplicationContextRunner()
        .withConfiguration(AutoConfigurations.of(ClockworkAutoConfiguration.class))
        .withPropertyValues("clockwork.workers.auto-startup=false")
        .run(
            context -> {
              context.getBean(ClockworkTracing.class);
              assertThatCode(() -> OpenTelemetrySdk.builder().buildAndRegisterGlobal().close())
                  .doesNotThrowAnyException();
            });
  }
}
