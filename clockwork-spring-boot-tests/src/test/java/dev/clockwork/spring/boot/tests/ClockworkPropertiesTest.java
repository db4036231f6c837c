package dev.clockwork.spring.boot.tests;

import static org.assertj.core.api.Assertions.assertThat;

import dev.clockwork.core.behavior.Behaviors;
import dev.clockwork.core.definition.MachineDefinition;
import dev.clockwork.runtime.Engine;
import dev.clockwork.runtime.config.ParallelDispatchConfig;
import dev.clockwork.runtime.config.QueueConfig;
import dev.clockwork.runtime.config.QueueStrategy;
import dev.clockwork.runtime.config.Settings;
import dev.clockwork.runtime.config.WorkerSettings;
import dev.clockwork.schedule.Schedules;
import dev.clockwork.spring.boot.autoconfigure.ClockworkAutoConfiguration;
import dev.clockwork.spring.boot.tests.support.TestMachines;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * Every {@code clockwork.*} property reaches the engine: the keys of {@code clockwork.yaml} (in the
 * file's snake case and Spring's kebab case), durations in the seed's words, Spring's and ISO 8601,
 * and mistakes reported with the key that is wrong.
 */
class ClockworkPropertiesTest {
  private final ApplicationContextRunner runner =
      new ApplicationContextRunner()
          .withConfiguration(AutoConfigurations.of(ClockworkAutoConfiguration.class))
          .withUserConfiguration(Billing.class)
          .withPropertyValues("clockwork.workers.auto-startup=false");

  @Test
  void queueDefaultsAndPerMachineOverridesMergeKeyByKey() {
    runner
        .withPropertyValues(
            "clockwork.system=shop",
            "clockwork.queue.name=main",
            "clockwork.queue.strategy=priority",
            "clockwork.queue.concurrency=4",
            "clockwork.queue.timeout=45 seconds",
            "clockwork.queue.retry.max_attempts=6",
            "clockwork.queue.retry.backoff=linear",
            "clockwork.queue.retry.initial-delay=2s",
            "clockwork.queue.retry.max-delay=PT10M",
            "clockwork.queue.dead-letter.enabled=false",
            "clockwork.queue.dead_letter.retention=3 days",
            "clockwork.queue.alerts.pending-warning=7",
            "clockwork.queue.alerts.pending-critical=9",
            "clockwork.queue.alerts.dlq-warning=2",
            "clockwork.queue.alerts.dlq-critical=3",
            "clockwork.queue.alerts.processing-time-warning=1 second",
            "clockwork.queue.alerts.processing-time-critical=2 seconds",
            "clockwork.machines.billing.queue.concurrency=2",
            "clockwork.machines.billing.queue.retry.max-attempts=9")
        .run(
            context -> {
              Settings config = context.getBean(Settings.class);
              assertThat(config.system()).isEqualTo("shop");
              QueueConfig billing = context.getBean(Engine.class).settings().queue("billing");
              assertThat(billing.name()).isEqualTo("main");
              assertThat(billing.strategy()).isEqualTo(QueueStrategy.PRIORITY);
              assertThat(billing.concurrency()).isEqualTo(2);
              assertThat(billing.timeout()).isEqualTo(Duration.ofSeconds(45));
              assertThat(billing.retry().maxAttempts()).isEqualTo(9);
              assertThat(billing.retry().backoff().exponential()).isFalse();
              assertThat(billing.retry().backoff().initialDelay()).isEqualTo(Duration.ofSeconds(2));
              assertThat(billing.retry().backoff().maxDelay()).isEqualTo(Duration.ofMinutes(10));
              assertThat(billing.deadLetterEnabled()).isFalse();
              assertThat(billing.deadLetterRetention()).isEqualTo(Duration.ofDays(3));
              assertThat(billing.alerts().pendingWarning()).isEqualTo(7);
              assertThat(billing.alerts().pendingCritical()).isEqualTo(9);
              assertThat(billing.alerts().dlqWarning()).isEqualTo(2);
              assertThat(billing.alerts().dlqCritical()).isEqualTo(3);
              assertThat(billing.alerts().processingTimeWarning()).isEqualTo(Duration.ofSeconds(1));
              assertThat(billing.alerts().processingTimeCritical())
                  .isEqualTo(Duration.ofSeconds(2));
              QueueConfig other = config.queue("shipping");
              assertThat(other.concurrency()).isEqualTo(4);
              assertThat(other.retry().maxAttempts()).isEqualTo(6);
            });
  }

  @Test
  void parallelDispatchTakesBareSecondsAsTheFileDoes() {
    runner
        .withPropertyValues(
            "clockwork.parallel-dispatch.enabled=false",
            "clockwork.parallel_dispatch.lock_timeout=30",
            "clockwork.parallel-dispatch.lock-ttl=2 minutes",
            "clockwork.parallel-dispatch.job-timeout=PT5M",
            "clockwork.parallel-dispatch.job-tries=4",
            "clockwork.parallel-dispatch.job-backoff=0",
            "clockwork.parallel-dispatch.region-timeout=1h",
            "clockwork.parallel-dispatch.queue=regions",
            "clockwork.machines.billing.parallel-dispatch.enabled=true")
        .run(
            context -> {
              Engine engine = context.getBean(Engine.class);
              ParallelDispatchConfig billing = engine.settings().parallelDispatch("billing");
              assertThat(billing.enabled()).isTrue();
              assertThat(billing.lockTimeout()).isEqualTo(Duration.ofSeconds(30));
              assertThat(billing.lockTtl()).isEqualTo(Duration.ofMinutes(2));
              assertThat(billing.jobTimeout()).isEqualTo(Duration.ofMinutes(5));
              assertThat(billing.jobTries()).isEqualTo(4);
              assertThat(billing.jobBackoff()).isZero();
              assertThat(billing.regionTimeout()).isEqualTo(Duration.ofHours(1));
              assertThat(billing.queue()).isEqualTo("regions");
              assertThat(context.getBean(Settings.class).parallelDispatch().enabled()).isFalse();
            });
  }

  @Test
  void timersWorkersAndTheScheduleNamespaceReachTheEngine() {
    runner
        .withPropertyValues(
            "clockwork.timers.batch-size=17",
            "clockwork.timers.backpressure_threshold=1234",
            "clockwork.timers.sweep-interval=250 milliseconds",
            "clockwork.workers.threads=3",
            "clockwork.workers.owner=node-a",
            "clockwork.workers.lease-time=45s",
            "clockwork.workers.lock-timeout=3 seconds",
            "clockwork.workers.events-per-claim=5",
            "clockwork.workers.poll-interval=2 seconds",
            "clockwork.workers.shutdown-timeout=20s",
            "clockwork.workers.queues=main,bulk",
            "clockwork.workers.upgrade-on-start=false",
            "clockwork.schedules.namespace=billing")
        .run(
            context -> {
              Settings settings = context.getBean(Engine.class).settings();
              assertThat(settings.timers().batchSize()).isEqualTo(17);
              assertThat(settings.timers().backpressureThreshold()).isEqualTo(1234);
              assertThat(settings.timers().sweepInterval()).isEqualTo(Duration.ofMillis(250));
              WorkerSettings options = settings.workers();
              assertThat(options.threads()).isEqualTo(3);
              assertThat(options.owner()).isEqualTo("node-a");
              assertThat(options.leaseTime()).isEqualTo(Duration.ofSeconds(45));
              assertThat(options.lockTimeout()).isEqualTo(Duration.ofSeconds(3));
              assertThat(options.eventsPerClaim()).isEqualTo(5);
              assertThat(options.pollInterval()).isEqualTo(Duration.ofSeconds(2));
              assertThat(options.shutdownTimeout()).isEqualTo(Duration.ofSeconds(20));
              assertThat(options.queues()).containsExactlyInAnyOrder("main", "bulk");
              assertThat(options.upgradeOnStart()).isFalse();
              assertThat(context.getBean(Schedules.class).namespace()).isEqualTo("billing");
            });
  }

  @Test
  void aValueTheFilesChecksRefuseFailsTheStartNamingTheKeyAndTheFix() {
    runner
        .withPropertyValues(
            "clockwork.queue.retry.initial-delay=1 minute", "clockwork.queue.retry.max-delay=5s")
        .run(
            context ->
                assertThat(context)
                    .getFailure()
                    .rootCause()
                    .hasMessageContaining("clockwork.* properties")
                    .hasMessageContaining("queue.retry.max_delay")
                    .hasMessageContaining("must not be shorter than initial_delay"));
  }

  @Test
  void aDurationNobodyUnderstandsNamesThePropertyAndTheAcceptedForms() {
    runner
        .withPropertyValues("clockwork.queue.timeout=soon")
        .run(
            context ->
                assertThat(context)
                    .getFailure()
                    .hasStackTraceContaining("clockwork.queue.timeout")
                    .hasStackTraceContaining("'soon' is not understood")
                    .hasStackTraceContaining("30 seconds"));
  }

  @Test
  void aMachineConfiguredButNotRegisteredFailsTheStart() {
    runner
        .withPropertyValues(
            "clockwork.workers.auto-startup=true", "clockwork.machines.biling.queue.concurrency=2")
        .run(
            context ->
                assertThat(context)
                    .getFailure()
                    .rootCause()
                    .hasMessageContaining("machines.biling")
                    .hasMessageContaining("did you mean billing"));
  }

  @Configuration(proxyBeanMethods = false)
  static class Billing {
    @Bean
    MachineDefinition billing() {
      Behaviors behaviors =
          Behaviors.builder()
              .guard("canBill", scope -> true)
              .action("processBillingAction", scope -> {})
              .action("explode", scope -> {})
              .build();
      return TestMachines.billing(behaviors);
    }
  }
}
