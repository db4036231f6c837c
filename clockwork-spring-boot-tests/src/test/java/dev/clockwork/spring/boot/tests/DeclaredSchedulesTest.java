package dev.clockwork.spring.boot.tests;

import dev.clockwork.runtime.instance.NewInstance;
import static org.assertj.core.api.Assertions.assertThat;

import dev.clockwork.core.definition.MachineDefinition;
import dev.clockwork.runtime.Engine;
import dev.clockwork.schedule.ScheduleRequest;
import dev.clockwork.schedule.Schedules;
import dev.clockwork.schedule.store.ScheduleStore;
import dev.clockwork.schedule.store.memory.InMemoryScheduleStore;
import dev.clockwork.spring.boot.autoconfigure.ClockworkAutoConfiguration;
import dev.clockwork.spring.boot.tests.support.TestMachines;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * Schedules declared as beans or properties exist once the engine has started, and starting again
 * (another node, the next deploy) creates nothing twice and updates only what changed.
 */
class DeclaredSchedulesTest {
  private final InMemoryScheduleStore store = new InMemoryScheduleStore();
  private final ApplicationContextRunner runner =
      new ApplicationContextRunner()
          .withConfiguration(AutoConfigurations.of(ClockworkAutoConfiguration.class))
          .withUserConfiguration(Billing.class)
          .withBean(ScheduleStore.class, () -> store)
          .withPropertyValues(
              "clockwork.workers.auto-startup=false",
              "clockwork.schedules.definitions.nightly-billing.machine=billing",
              "clockwork.schedules.definitions.nightly-billing.cron=0 2 * * *",
              "clockwork.schedules.definitions.nightly-billing.timezone=Europe/Paris",
              "clockwork.schedules.definitions.nightly-billing.input.customer=c-1");

  @Test
  void beanAndPropertySchedulesAreCreatedWhenTheEngineStarts() {
    runner
        .withBean(
            "hourly",
            ScheduleRequest.class,
            () ->
                ScheduleRequest.builder("hourly-billing")
                    .startMachine("billing", Map.of())
                    .interval("1 hour")
                    .build())
        .run(
            context -> {
              Schedules schedules = context.getBean(Schedules.class);
              assertThat(schedules.find("nightly-billing")).isEmpty();
              context.getBean(Engine.class).start();
              assertThat(schedules.list())
                  .extracting(s -> s.scheduleId())
                  .containsExactlyInAnyOrder("hourly-billing", "nightly-billing");
              assertThat(
                      schedules.describe("nightly-billing").record().settings().spec().timezone())
                  .hasToString("Europe/Paris");
              context.getBean(Engine.class).close();
            });
  }

  @Test
  void startingAgainChangesNothingUnlessTheDeclarationChanged() {
    runner.run(context -> startAndStop(context.getBean(Engine.class)));
    long revision = store.find("default", "nightly-billing").orElseThrow().revision();

    runner.run(context -> startAndStop(context.getBean(Engine.class)));
    assertThat(store.find("default", "nightly-billing").orElseThrow().revision())
        .isEqualTo(revision);

    runner
        .withPropertyValues("clockwork.schedules.definitions.nightly-billing.cron=0 3 * * *")
        .run(context -> startAndStop(context.getBean(Engine.class)));
    assertThat(store.find("default", "nightly-billing").orElseThrow().revision())
        .isGreaterThan(revision);
    assertThat(store.find("default", "nightly-billing").orElseThrow().settings().spec())
        .extracting(spec -> spec.cronExpressions())
        .isEqualTo(List.of("0 3 * * *"));
  }

  @Test
  void aDefinitionWithoutWhatOrWhenFailsTheStartNamingIt() {
    new ApplicationContextRunner()
        .withConfiguration(AutoConfigurations.of(ClockworkAutoConfiguration.class))
        .withPropertyValues("clockwork.schedules.definitions.broken.machine=billing")
        .run(
            context ->
                assertThat(context)
                    .getFailure()
                    .rootCause()
                    .hasMessageContaining("clockwork.schedules.definitions.broken")
                    .hasMessageContaining("'cron'"));
  }

  @Test
  void definitionsTakeEveryKey() {
    runner
        .withPropertyValues(
            "clockwork.schedules.definitions.nudge.instance-id=billing-1",
            "clockwork.schedules.definitions.nudge.event=BILL",
            "clockwork.schedules.definitions.nudge.interval=15 minutes",
            "clockwork.schedules.definitions.nudge.overlap-policy=allow_all",
            "clockwork.schedules.definitions.nightly-billing.queue=night")
        .run(
            context -> {
              Engine engine = context.getBean(Engine.class);
              engine.create(NewInstance.of("billing").id("billing-1"));
              engine.start();
              var settings = context.getBean(Schedules.class).describe("nudge").record().settings();
              assertThat(settings.action().toMap())
                  .containsEntry("instance_id", "billing-1")
                  .containsEntry("event", "BILL");
              assertThat(settings.spec().intervals()).hasSize(1);
              assertThat(settings.overlapPolicy().name()).isEqualTo("ALLOW_ALL");
              assertThat(
                      context
                          .getBean(Schedules.class)
                          .describe("nightly-billing")
                          .record()
                          .settings()
                          .queue())
                  .isEqualTo("night");
              engine.close();
            });
  }

  @Test
  void theTickIntervalIsTheWorkersTaskInterval() {
    runner
        .withPropertyValues("clockwork.schedules.tick-interval=0s")
        .run(
            context ->
                assertThat(context)
                    .getFailure()
                    .rootCause()
                    .hasMessageContaining("worker task 'schedules' needs a positive interval"));
  }

  private static void startAndStop(Engine engine) {
    engine.start();
    engine.close();
  }

  @Configuration(proxyBeanMethods = false)
  static class Billing {
    @Bean
    MachineDefinition billing() {
      return TestMachines.billing();
    }
  }
}
