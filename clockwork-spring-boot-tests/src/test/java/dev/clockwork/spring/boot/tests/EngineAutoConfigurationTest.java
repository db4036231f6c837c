package dev.clockwork.spring.boot.tests;

import dev.clockwork.core.event.Event;
import static org.assertj.core.api.Assertions.assertThat;

import dev.clockwork.core.behavior.Action;
import dev.clockwork.core.behavior.Behaviors;
import dev.clockwork.core.behavior.Guard;
import dev.clockwork.core.definition.MachineDefinition;
import dev.clockwork.postgres.PostgresStore;
import dev.clockwork.runtime.Engine;
import dev.clockwork.runtime.config.Settings;
import dev.clockwork.schedule.Schedules;
import dev.clockwork.schedule.store.ScheduleStore;
import dev.clockwork.schedule.store.memory.InMemoryScheduleStore;
import dev.clockwork.runtime.store.Store;
import dev.clockwork.runtime.store.memory.InMemoryStore;
import dev.clockwork.spring.boot.autoconfigure.ClockworkAutoConfiguration;
import dev.clockwork.spring.boot.lifecycle.EngineLifecycle;
import dev.clockwork.spring.boot.tests.support.FreshDatabase;
import dev.clockwork.spring.boot.tests.support.TestMachines;
import javax.sql.DataSource;
import org.junit.jupiter.api.Test;
import org.postgresql.ds.PGSimpleDataSource;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * Each condition of the auto-configuration: what it makes, and what it leaves to the application.
 */
class EngineAutoConfigurationTest {
  private final ApplicationContextRunner runner =
      new ApplicationContextRunner()
          .withConfiguration(AutoConfigurations.of(ClockworkAutoConfiguration.class))
          .withPropertyValues("clockwork.workers.auto-startup=false");

  @Test
  void withoutADataSourceTheEngineRunsOnTheInMemoryStores() {
    runner.run(
        context -> {
          assertThat(context).hasSingleBean(Engine.class);
          assertThat(context).hasSingleBean(Schedules.class);
          assertThat(context).hasSingleBean(EngineLifecycle.class);
          assertThat(context.getBean(Store.class)).isInstanceOf(InMemoryStore.class);
          assertThat(context.getBean(ScheduleStore.class))
              .isInstanceOf(InMemoryScheduleStore.class);
        });
  }

  @Test
  void withTheApplicationsDataSourceTheEngineRunsOnPostgresAndMigratesItsTables() {
    FreshDatabase database = FreshDatabase.create();
    runner
        .withBean(DataSource.class, () -> dataSource(database))
        .run(
            context -> {
              assertThat(context.getBean(Store.class)).isInstanceOf(PostgresStore.class);
              assertThat(database.tables()).contains("cw_instances", "clockwork_schema_history");
            });
  }

  @Test
  void migrateFalseLeavesTheSchemaToWhoeverMigratesByHand() {
    FreshDatabase database = FreshDatabase.create();
    runner
        .withBean(DataSource.class, () -> dataSource(database))
        .withPropertyValues("clockwork.database.migrate=false")
        .run(
            context -> {
              assertThat(context.getBean(Store.class)).isInstanceOf(PostgresStore.class);
              assertThat(database.tables()).doesNotContain("cw_instances");
            });
  }

  @Test
  void enabledFalseConfiguresNothing() {
    runner
        .withPropertyValues("clockwork.enabled=false")
        .run(
            context -> {
              assertThat(context).doesNotHaveBean(Engine.class);
              assertThat(context).doesNotHaveBean(Store.class);
            });
  }

  @Test
  void everyBeanBacksOffWhenTheApplicationDeclaresItsOwn() {
    InMemoryStore store = new InMemoryStore();
    InMemoryScheduleStore scheduleStore = new InMemoryScheduleStore();
    Settings config = Settings.parse("queue:\n  concurrency: 3\n", "own");
    Behaviors behaviors =
        Behaviors.builder()
            .guard("canBill", scope -> true)
            .action("processBillingAction", scope -> scope.set("own", true))
            .action("explode", scope -> {})
            .build();
    runner
        .withBean("myStore", Store.class, () -> store)
        .withBean("mySchedules", ScheduleStore.class, () -> scheduleStore)
        .withBean("myConfig", Settings.class, () -> config)
        .withBean("myBehaviors", Behaviors.class, () -> behaviors)
        .withUserConfiguration(BillingMachine.class)
        .run(
            context -> {
              assertThat(context.getBean(Store.class)).isSameAs(store);
              assertThat(context.getBean(ScheduleStore.class)).isSameAs(scheduleStore);
              assertThat(context.getBean(Settings.class)).isSameAs(config);
              assertThat(context.getBean(Behaviors.class)).isSameAs(behaviors);
              Engine engine = context.getBean(Engine.class);
              assertThat(engine.settings().queue("billing").concurrency()).isEqualTo(3);
              String id = engine.create("billing").id();
              engine.send(id, Event.of("BILL"));
              assertThat(engine.instances().get(id).context().get("own")).isEqualTo(true);
            });
  }

  @Test
  void anEngineOfTheApplicationsOwnReplacesTheAutoConfiguredOne() {
    Engine own = Engine.builder().build();
    runner
        .withBean("myEngine", Engine.class, () -> own)
        .run(
            context -> {
              assertThat(context).hasSingleBean(Engine.class);
              assertThat(context.getBean(Engine.class)).isSameAs(own);
            });
  }

  @Test
  void everyMachineDefinitionBeanIsRegistered() {
    runner
        .withUserConfiguration(BillingMachine.class, BillingBehaviors.class)
        .run(context -> assertThat(context.getBean(Engine.class).machines().ids()).contains("billing"));
  }

  @Test
  void workersStartWithTheContextAndStopWithIt() {
    runner
        .withPropertyValues("clockwork.workers.auto-startup=true")
        .run(
            context -> {
              EngineLifecycle lifecycle = context.getBean(EngineLifecycle.class);
              assertThat(lifecycle.isRunning()).isTrue();
              context.stop();
              assertThat(lifecycle.isRunning()).isFalse();
            });
  }

  @Test
  void autoStartupFalseLeavesTheWorkersToTheApplication() {
    runner.run(context -> assertThat(context.getBean(EngineLifecycle.class).isRunning()).isFalse());
  }

  static DataSource dataSource(FreshDatabase database) {
    PGSimpleDataSource dataSource = new PGSimpleDataSource();
    dataSource.setURL(database.url());
    dataSource.setUser(database.user());
    return dataSource;
  }

  @Configuration(proxyBeanMethods = false)
  static class BillingMachine {
    @Bean
    MachineDefinition billing(Behaviors behaviors) {
      return TestMachines.billing(behaviors);
    }
  }

  @Configuration(proxyBeanMethods = false)
  static class BillingBehaviors {
    @Bean
    Guard canBill() {
      return scope -> true;
    }

    @Bean
    Action processBillingAction() {
      return scope -> scope.set("billed", true);
    }

    @Bean
    Action explode() {
      return scope -> {
        throw new IllegalStateException("boom");
      };
    }
  }
}
