package dev.clockwork.runtime.config;

import static org.assertj.core.api.Assertions.assertThat;

import dev.clockwork.runtime.queue.Backoff;
import dev.clockwork.runtime.queue.RetryPolicy;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/** The queue seed's §6 configuration and inheritance rules. */
class QueueConfigInheritanceTest {

  private static final String SEED_EXAMPLE =
      """
      system: e-commerce
      queue:
        concurrency: 10        # system default
        timeout: 30 seconds
        retry:
          max_attempts: 3
      machines:
        order:
          queue:
            concurrency: 5     # overrides the system (5, not 10)
        report:
          queue:
            concurrency: 1
            timeout: 10 minutes
      """;

  @Test
  void theConfiguredMachinesAreListedInFileOrder() {
    assertThat(Settings.parse(SEED_EXAMPLE, "clockwork.yaml").configuredMachines())
        .containsExactly("order", "report");
    assertThat(Settings.defaults().configuredMachines()).isEmpty();
  }

  @Test
  void machineValuesOverrideAndTheRestIsInherited() {
    Settings config = Settings.parse(SEED_EXAMPLE, "clockwork.yaml");
    assertThat(config.system()).isEqualTo("e-commerce");

    QueueConfig order = config.queue("order");
    assertThat(order.concurrency()).isEqualTo(5);
    assertThat(order.timeout()).isEqualTo(Duration.ofSeconds(30));
    assertThat(order.retry().maxAttempts()).isEqualTo(3);

    QueueConfig report = config.queue("report");
    assertThat(report.concurrency()).isEqualTo(1);
    assertThat(report.timeout()).isEqualTo(Duration.ofMinutes(10));
    assertThat(report.retry().maxAttempts()).isEqualTo(3);

    assertThat(config.queue("payment").concurrency()).isEqualTo(10);
  }

  @Test
  void nestedBlocksMergeKeyByKey() {
    Settings config =
        Settings.parse(
            """
            queue:
              retry:
                max_attempts: 5
                backoff: linear
            machines:
              order:
                queue:
                  retry:
                    initial_delay: 500 milliseconds
            """,
            "clockwork.yaml");
    RetryPolicy retry = config.queue("order").retry();
    assertThat(retry.maxAttempts()).isEqualTo(5);
    assertThat(retry.backoff().exponential()).isFalse();
    assertThat(retry.backoff().initialDelay()).isEqualTo(Duration.ofMillis(500));
    assertThat(retry.backoff().maxDelay()).isEqualTo(Duration.ofMinutes(5));
  }

  @Test
  void anEmptyFileGivesTheSeedsDefaults() {
    QueueConfig defaults = Settings.parse("", "clockwork.yaml").queue();
    assertThat(defaults.strategy()).isEqualTo(QueueStrategy.FIFO);
    assertThat(defaults.concurrency()).isEqualTo(10);
    assertThat(defaults.timeout()).isEqualTo(Duration.ofSeconds(30));
    assertThat(defaults.retry())
        .isEqualTo(
            new RetryPolicy(3, Backoff.exponential(Duration.ofSeconds(1), Duration.ofMinutes(5))));
    assertThat(defaults.deadLetterEnabled()).isTrue();
    assertThat(defaults.deadLetterRetention()).isEqualTo(Duration.ofDays(7));
    assertThat(defaults.alerts()).isEqualTo(AlertThresholds.DEFAULT);
    assertThat(defaults.alerts().pendingWarning()).isEqualTo(100);
    assertThat(defaults.alerts().processingTimeCritical()).isEqualTo(Duration.ofSeconds(30));
  }

  @Test
  void durationsTakeTheSeedsWordsAndIso8601Alike() {
    Settings words = Settings.parse("queue:\n  timeout: 1 hour\n", "a.yaml");
    Settings iso = Settings.parse("queue:\n  timeout: PT1H\n", "b.yaml");
    assertThat(words.queue().timeout())
        .isEqualTo(iso.queue().timeout())
        .isEqualTo(Duration.ofHours(1));
  }

  @Test
  void timerAndDatabaseBlocks() {
    Settings config =
        Settings.parse(
            """
            database:
              url: jdbc:postgresql://localhost:5432/app
              user: app
            schedules:
              namespace: billing
            timers:
              batch_size: 250
              backpressure_threshold: 20000
            """,
            "clockwork.yaml");
    assertThat(config.timers().batchSize()).isEqualTo(250);
    assertThat(config.scheduleNamespace()).isEqualTo("billing");
    assertThat(config.timers().backpressureThreshold()).isEqualTo(20_000);
    assertThat(config.block("database").text("user", null)).isEqualTo("app");
  }
}
