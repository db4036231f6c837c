package dev.clockwork.spring.boot.autoconfigure;

import dev.clockwork.core.behavior.Behaviors;
import dev.clockwork.core.definition.MachineDefinition;
import dev.clockwork.runtime.Engine;
import dev.clockwork.runtime.config.Settings;
import dev.clockwork.runtime.listener.EngineListener;
import dev.clockwork.runtime.store.Store;
import dev.clockwork.runtime.store.memory.InMemoryStore;
import dev.clockwork.schedule.ScheduleRequest;
import dev.clockwork.schedule.Schedules;
import dev.clockwork.schedule.store.ScheduleStore;
import dev.clockwork.schedule.store.memory.InMemoryScheduleStore;
import dev.clockwork.spring.boot.behavior.BehaviorBeans;
import dev.clockwork.spring.boot.keys.UnknownKeysCheck;
import dev.clockwork.spring.boot.lifecycle.EngineLifecycle;
import dev.clockwork.spring.boot.properties.ClockworkProperties;
import dev.clockwork.spring.boot.properties.ConfigTree;
import dev.clockwork.spring.boot.properties.SeedDurationConverter;
import dev.clockwork.spring.boot.schedule.DeclaredSchedules;
import dev.clockwork.spring.boot.schedule.ScheduleDefinitions;
import dev.clockwork.spring.boot.store.StoreChoice;
import java.util.ArrayList;
import java.util.List;
import org.springframework.beans.factory.ListableBeanFactory;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.boot.context.properties.ConfigurationPropertiesBinding;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Import;
import org.springframework.core.env.Environment;
import org.springframework.core.io.ResourceLoader;

/**
 * Clockwork in a Spring Boot application: an engine on the application's DataSource (the in-memory
 * store only when {@code clockwork.store=memory} or nothing points at a database, with a warning),
 * every {@link MachineDefinition} bean registered, behaviours resolved from beans, {@code
 * clockwork.*} properties read through the engine's configuration model (a key under {@code
 * clockwork.} that is none of them stops the start), every {@link EngineListener} bean listening,
 * schedules declared as beans or properties applied at start, and workers started and stopped with
 * the context.
 *
 * <p>Ordered after the DataSource auto-configuration by name, under both the Spring Boot 3 and the
 * Spring Boot 4 name, so neither line's missing class matters. Every bean backs off when the
 * application declares its own.
 */
@AutoConfiguration(
    afterName = {
      "org.springframework.boot.autoconfigure.jdbc.DataSourceAutoConfiguration",
      "org.springframework.boot.jdbc.autoconfigure.DataSourceAutoConfiguration"
    })
@ConditionalOnProperty(prefix = "clockwork", name = "enabled", matchIfMissing = true)
@EnableConfigurationProperties(ClockworkProperties.class)
@Import({PostgresStoreConfiguration.class, MetricsConfiguration.class, TracingConfiguration.class})
public class ClockworkAutoConfiguration {

  /**
   * Stops the start on a {@code clockwork.*} key that is not a Clockwork property (a misspelling
   * Spring's binding would ignore), before any bean is created.
   */
  @Bean
  static UnknownKeysCheck clockworkUnknownKeysCheck(Environment environment) {
    return new UnknownKeysCheck(environment);
  }

  /**
   * Durations in the seed's words ({@code 30 seconds}) for every {@code @ConfigurationProperties}.
   */
  @Bean
  @ConfigurationPropertiesBinding
  @ConditionalOnMissingBean
  static SeedDurationConverter clockworkDurationConverter() {
    return new SeedDurationConverter();
  }

  /**
   * The {@code clockwork.*} properties read as {@code clockwork.yaml} would be: the file level of
   * the engine's settings, under what a {@link ClockworkEngineCustomizer} sets in code.
   */
  @Bean
  @ConditionalOnMissingBean
  Settings clockworkSettings(ClockworkProperties properties) {
    return ConfigTree.toSettings(properties);
  }

  @Bean
  @ConditionalOnMissingBean
  Behaviors clockworkBehaviors(ListableBeanFactory beans) {
    return BehaviorBeans.collect(beans);
  }

  @Bean
  @ConditionalOnMissingBean(Store.class)
  InMemoryStore clockworkStore(Environment environment, ResourceLoader resources) {
    return StoreChoice.memory(environment, resources.getClassLoader());
  }

  @Bean
  @ConditionalOnMissingBean(ScheduleStore.class)
  InMemoryScheduleStore clockworkScheduleStore() {
    return new InMemoryScheduleStore();
  }

  @Bean(destroyMethod = "close")
  @ConditionalOnMissingBean
  Engine clockworkEngine(
      Store store,
      Settings settings,
      Behaviors behaviors,
      ObjectProvider<MachineDefinition> machines,
      ObjectProvider<EngineListener> listeners,
      ObjectProvider<ClockworkEngineCustomizer> customizers) {
    // the behaviour beans also run machines deployed as data (YAML, another node) that name them
    Engine.Builder builder = Engine.builder().store(store).config(settings).behaviors(behaviors);
    machines.orderedStream().forEach(builder::register);
    listeners.orderedStream().forEach(builder::listener);
    customizers.orderedStream().forEach(customizer -> customizer.customize(builder));
    return builder.build();
  }

  @Bean
  @ConditionalOnMissingBean
  DeclaredSchedules clockworkDeclaredSchedules(
      ClockworkProperties properties, ObjectProvider<ScheduleRequest> beans) {
    List<ScheduleRequest> requests = new ArrayList<>();
    beans.orderedStream().forEach(requests::add);
    requests.addAll(ScheduleDefinitions.requests(properties.schedules()));
    return new DeclaredSchedules(requests);
  }

  @Bean
  @ConditionalOnMissingBean
  Schedules clockworkSchedules(
      Engine engine,
      ScheduleStore store,
      ClockworkProperties properties,
      DeclaredSchedules declared) {
    Schedules schedules = Schedules.builder(engine).store(store).build();
    schedules.runInWorkers(properties.schedules().tickInterval());
    engine.tasks().addStartTask("declared schedules", () -> declared.apply(schedules));
    return schedules;
  }

  @Bean
  @ConditionalOnMissingBean
  EngineLifecycle clockworkLifecycle(
      Engine engine, ClockworkProperties properties, ObjectProvider<Schedules> schedules) {
    // asks for the schedules before the workers start, lazy initialisation or not
    return new EngineLifecycle(
        engine, properties.workers().autoStartup(), schedules::getIfAvailable);
  }
}
