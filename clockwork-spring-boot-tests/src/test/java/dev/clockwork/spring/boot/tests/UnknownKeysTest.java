package dev.clockwork.spring.boot.tests;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;
import static org.assertj.core.api.Assertions.tuple;

import dev.clockwork.core.definition.MachineDefinition;
import dev.clockwork.runtime.config.Settings;
import dev.clockwork.spring.boot.autoconfigure.ClockworkAutoConfiguration;
import dev.clockwork.spring.boot.keys.UnknownKey;
import dev.clockwork.spring.boot.keys.UnknownKeysException;
import dev.clockwork.spring.boot.keys.UnknownKeysFailureAnalyzer;
import dev.clockwork.spring.boot.properties.ClockworkProperties;
import dev.clockwork.spring.boot.tests.support.TestMachines;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.diagnostics.FailureAnalysis;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.context.ApplicationContextInitializer;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Import;
import org.springframework.core.env.SystemEnvironmentPropertySource;

/**
 * A key under {@code clockwork.} that is not a Clockwork property stops the start, wherever it was
 * written, with the key as written, its property source, the nearest known key and the keys beside
 * it; every known key, in any relaxed form, and any map key still start.
 */
@ExtendWith(OutputCaptureExtension.class)
class UnknownKeysTest {
  private static final String[] APPLICATION = {
    "--spring.main.web-application-type=none",
    "--clockwork.store=memory",
    "--clockwork.workers.auto-startup=false"
  };

  private final ApplicationContextRunner runner =
      new ApplicationContextRunner()
          .withConfiguration(AutoConfigurations.of(ClockworkAutoConfiguration.class))
          .withPropertyValues("clockwork.workers.auto-startup=false");

  @SpringBootConfiguration
  @EnableAutoConfiguration(
      excludeName = {
        "org.springframework.boot.autoconfigure.jdbc.DataSourceAutoConfiguration",
        "org.springframework.boot.jdbc.autoconfigure.DataSourceAutoConfiguration"
      })
  @Import(Billing.class)
  static class Application {}

  @Configuration(proxyBeanMethods = false)
  static class Billing {
    @Bean
    MachineDefinition billing() {
      return TestMachines.billing();
    }
  }

  @Test
  void aMisspeltKeyInApplicationPropertiesStopsTheStartNamingTheFileAndTheKeyMeant(
      CapturedOutput output) {
    List<String> args = new ArrayList<>(List.of(APPLICATION));
    args.add("--spring.config.name=unknown-keys");
    UnknownKeysException failure = start(args.toArray(String[]::new));
    assertThat(failure.keys()).hasSize(1);
    UnknownKey key = failure.keys().get(0);
    assertThat(key.key()).isEqualTo("clockwork.queue.retry.max_atempts");
    assertThat(key.source()).contains("class path resource [unknown-keys.properties]");
    assertThat(key.origin()).contains("line 3");
    assertThat(key.suggestion()).contains("clockwork.queue.retry.max_attempts");
    assertThat(output.getOut() + output.getErr())
        .contains("APPLICATION FAILED TO START")
        .contains("clockwork.queue.retry.max_atempts (in Config resource 'class path resource")
        .contains(", line 3): did you mean clockwork.queue.retry.max_attempts?")
        .contains("did you mean clockwork.queue.retry.max_attempts?")
        .contains("the keys under clockwork.queue.retry are backoff, initial-delay, jitter");
  }

  @Test
  void aMisspeltCommandLineKeyStopsTheStartNamingTheKeyMeant(CapturedOutput output) {
    List<String> args = new ArrayList<>(List.of(APPLICATION));
    args.add("--clockwork.queue.concurency=5");
    UnknownKeysException failure = start(args.toArray(String[]::new));
    assertThat(failure.keys())
        .extracting(UnknownKey::key, UnknownKey::source)
        .containsExactly(tuple("clockwork.queue.concurency", "commandLineArgs"));
    assertThat(output.getOut() + output.getErr())
        .contains("APPLICATION FAILED TO START")
        .contains(
            "clockwork.queue.concurency (in commandLineArgs): did you mean"
                + " clockwork.queue.concurrency?")
        .contains("Correct or remove the key");
  }

  @Test
  void aMisspeltEnvironmentVariableIsAnsweredAsAVariable() {
    runner
        .withInitializer(variables(Map.of("CLOCKWORK_QUEUE_CONCURENCY", "5")))
        .run(
            context -> {
              assertThat(context.getStartupFailure()).isInstanceOf(UnknownKeysException.class);
              FailureAnalysis analysis =
                  new UnknownKeysFailureAnalyzer().analyze(context.getStartupFailure());
              assertThat(analysis.getDescription())
                  .contains(
                      "CLOCKWORK_QUEUE_CONCURENCY (in test-systemEnvironment): did you mean"
                          + " CLOCKWORK_QUEUE_CONCURRENCY?");
              assertThat(analysis.getAction())
                  .contains("CONCURRENCY, DEADLETTER")
                  .contains("rename or unset the variable");
            });
  }

  @Test
  void environmentVariablesInEitherOfSpringsFormsAndTheToolsOwnStart() {
    runner
        .withUserConfiguration(Billing.class)
        .withInitializer(
            variables(
                Map.of(
                    "CLOCKWORK_QUEUE_CONCURRENCY", "5",
                    "CLOCKWORK_QUEUE_RETRY_MAX_ATTEMPTS", "7",
                    "CLOCKWORK_MACHINES_BILLING_QUEUE_CONCURRENCY", "2",
                    "CLOCKWORK_JDBC_URL", "jdbc:postgresql://localhost/shop")))
        .run(
            context -> {
              assertThat(context).hasNotFailed();
              Settings settings = context.getBean(Settings.class);
              assertThat(settings.queue().concurrency()).isEqualTo(5);
              assertThat(settings.queue().retry().maxAttempts()).isEqualTo(7);
              assertThat(settings.queue("billing").concurrency()).isEqualTo(2);
            });
  }

  @Test
  void aFullConfigurationStarts() {
    List<String> args = new ArrayList<>(List.of(APPLICATION));
    PropertyRows.all().forEach(row -> args.add("--" + row.name() + "=" + row.property()));
    args.addAll(
        List.of(
            "--clockwork.enabled=true",
            "--clockwork.database.migrate=false",
            "--clockwork.schedules.tick-interval=2s",
            "--clockwork.schedules.definitions.nightly.machine=billing",
            "--clockwork.schedules.definitions.nightly.cron=0 2 * * *",
            "--clockwork.schedules.definitions.nightly.timezone=Europe/Paris",
            "--clockwork.schedules.definitions.nightly.overlap-policy=skip",
            "--clockwork.schedules.definitions.nightly.queue=night",
            "--clockwork.schedules.definitions.nudge.instance-id=billing-1",
            "--clockwork.schedules.definitions.nudge.event=BILL",
            "--clockwork.schedules.definitions.nudge.interval=15 minutes"));
    try (ConfigurableApplicationContext context =
        new SpringApplicationBuilder(Application.class).run(args.toArray(String[]::new))) {
      assertThat(context.getBean(Settings.class).queue().concurrency()).isEqualTo(4);
      assertThat(context.getBean(Settings.class).queue("billing").concurrency()).isEqualTo(2);
    }
  }

  @Test
  void mapsTakeAnyKey() {
    runner
        .withUserConfiguration(Billing.class)
        .withPropertyValues(
            "clockwork.machines.order-intake-v2.queue.concurrency=3",
            "clockwork.machines[orders.eu].retention.callbacks=2 days",
            "clockwork.schedules.definitions.nightly.machine=billing",
            "clockwork.schedules.definitions.nightly.cron=0 2 * * *",
            "clockwork.schedules.definitions.nightly.input.customer.id=c-42")
        .run(
            context -> {
              assertThat(context).hasNotFailed();
              Settings settings = context.getBean(Settings.class);
              assertThat(settings.queue("order-intake-v2").concurrency()).isEqualTo(3);
              assertThat(settings.retention("orders.eu").callbacks()).isEqualTo(Duration.ofDays(2));
              assertThat(
                      context
                          .getBean(ClockworkProperties.class)
                          .schedules()
                          .definitions()
                          .get("nightly")
                          .input())
                  .containsEntry("customer.id", "c-42");
            });
  }

  @Test
  void aKeyBeneathAMapKeyIsStillChecked() {
    runner
        .withPropertyValues("clockwork.machines.billing.queue.concurency=2")
        .run(
            context ->
                assertThat(context.getStartupFailure())
                    .isInstanceOf(UnknownKeysException.class)
                    .hasMessageContaining(
                        "did you mean clockwork.machines.billing.queue.concurrency?"));
  }

  @Test
  void withClockworkTurnedOffNothingIsChecked() {
    runner
        .withPropertyValues("clockwork.enabled=false", "clockwork.queue.concurency=5")
        .run(context -> assertThat(context).hasNotFailed());
  }

  /** Environment variables, as Spring Boot tells a system environment source (by its name). */
  private static ApplicationContextInitializer<ConfigurableApplicationContext> variables(
      Map<String, String> variables) {
    Map<String, Object> source = new LinkedHashMap<>(variables);
    return context ->
        context
            .getEnvironment()
            .getPropertySources()
            .addFirst(new SystemEnvironmentPropertySource("test-systemEnvironment", source));
  }

  /** Starts the application, which must stop on unknown keys. */
  private static UnknownKeysException start(String... args) {
    Throwable failure =
        catchThrowable(() -> new SpringApplicationBuilder(Application.class).run(args).close());
    assertThat(failure).isInstanceOf(UnknownKeysException.class);
    return (UnknownKeysException) failure;
  }
}
