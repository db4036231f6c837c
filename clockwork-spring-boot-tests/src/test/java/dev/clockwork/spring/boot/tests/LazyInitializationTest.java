package dev.clockwork.spring.boot.tests;

import static org.assertj.core.api.Assertions.assertThat;

import dev.clockwork.core.definition.MachineDefinition;
import dev.clockwork.schedule.store.ScheduleStore;
import dev.clockwork.schedule.store.memory.InMemoryScheduleStore;
import dev.clockwork.spring.boot.autoconfigure.ClockworkAutoConfiguration;
import dev.clockwork.spring.boot.tests.support.TestMachines;
import org.junit.jupiter.api.Test;
import org.springframework.boot.LazyInitializationBeanFactoryPostProcessor;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * With spring.main.lazy-initialization=true the declared schedules are still created and the
 * schedule tick still runs when the workers start, although nothing else asks for the Schedules
 * bean.
 */
class LazyInitializationTest {
  private final InMemoryScheduleStore store = new InMemoryScheduleStore();

  @Test
  void declaredSchedulesAreCreatedWhenTheContextIsLazy() {
    new ApplicationContextRunner()
        .withInitializer(
            context ->
                context.addBeanFactoryPostProcessor(
                    new LazyInitializationBeanFactoryPostProcessor()))
        .withConfiguration(AutoConfigurations.of(ClockworkAutoConfiguration.class))
        .withUserConfiguration(Billing.class)
        .withBean(ScheduleStore.class, () -> store)
        .withPropertyValues(
            "clockwork.workers.auto-startup=true",
            "clockwork.schedules.definitions.nightly-billing.machine=billing",
            "clockwork.schedules.definitions.nightly-billing.cron=0 2 * * *")
        .run(
            context -> {
              assertThat(context).hasNotFailed();
              assertThat(store.find("default", "nightly-billing")).isPresent();
            });
  }

  @Configuration(proxyBeanMethods = false)
  static class Billing {
    @Bean
    MachineDefinition billing() {
      return TestMachines.billing();
    }
  }
}
