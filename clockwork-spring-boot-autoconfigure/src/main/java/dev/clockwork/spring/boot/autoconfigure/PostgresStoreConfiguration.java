package dev.clockwork.spring.boot.autoconfigure;

import dev.clockwork.postgres.PostgresStore;
import dev.clockwork.postgres.schedule.PostgresScheduleStore;
import dev.clockwork.runtime.store.Store;
import dev.clockwork.schedule.store.ScheduleStore;
import dev.clockwork.spring.boot.properties.ClockworkProperties;
import javax.sql.DataSource;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.boot.autoconfigure.condition.ConditionalOnSingleCandidate;
import org.springframework.boot.sql.init.dependency.DependsOnDatabaseInitialization;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * The PostgreSQL store on the application's DataSource (its transaction manager is not used:
 * Clockwork commits its own transactions). Clockwork migrates its own tables under its own Flyway
 * history table ({@code clockwork_schema_history}), after the application's own database
 * initialisation (its Flyway or Liquibase) ran, so neither sees the other's history.
 */
@Configuration(proxyBeanMethods = false)
@ConditionalOnClass(PostgresStore.class)
@ConditionalOnSingleCandidate(DataSource.class)
@ConditionalOnProperty(
    prefix = "clockwork",
    name = "store",
    havingValue = "postgres",
    matchIfMissing = true)
class PostgresStoreConfiguration {

  @Bean(destroyMethod = "close")
  @ConditionalOnMissingBean(Store.class)
  @DependsOnDatabaseInitialization
  PostgresStore clockworkStore(DataSource dataSource, ClockworkProperties properties) {
    return PostgresStore.builder()
        .dataSource(dataSource)
        .migrate(properties.database().migrate())
        .build();
  }

  /** Beside the PostgreSQL store, whose migrations create the schedules' tables too. */
  @Bean
  @ConditionalOnMissingBean(ScheduleStore.class)
  @ConditionalOnBean(PostgresStore.class)
  PostgresScheduleStore clockworkScheduleStore(PostgresStore store) {
    return store.schedules();
  }
}
