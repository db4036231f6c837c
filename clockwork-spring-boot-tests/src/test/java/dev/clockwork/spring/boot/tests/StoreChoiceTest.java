package dev.clockwork.spring.boot.tests;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.clockwork.postgres.PostgresStore;
import dev.clockwork.runtime.store.Store;
import dev.clockwork.runtime.store.memory.InMemoryStore;
import dev.clockwork.spring.boot.autoconfigure.ClockworkAutoConfiguration;
import dev.clockwork.spring.boot.store.StoreChoiceException;
import dev.clockwork.spring.boot.store.StoreChoiceFailureAnalyzer;
import dev.clockwork.spring.boot.tests.support.FreshDatabase;
import javax.sql.DataSource;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.postgresql.ds.PGSimpleDataSource;
import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.diagnostics.FailureAnalysis;
import org.springframework.boot.test.context.FilteredClassLoader;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;

/**
 * The store is chosen out loud: PostgreSQL on a DataSource, memory only when asked or when nothing
 * points at a database (with a warning), and a start that stops, naming the fix, when a database is
 * configured but no DataSource came of it.
 */
@ExtendWith(OutputCaptureExtension.class)
class StoreChoiceTest {
  private final ApplicationContextRunner runner =
      new ApplicationContextRunner()
          .withConfiguration(AutoConfigurations.of(ClockworkAutoConfiguration.class))
          .withPropertyValues("clockwork.workers.auto-startup=false");

  @Test
  void aDatasourceUrlWithoutJdbcFailsNamingTheStarter() {
    runner
        .withClassLoader(new FilteredClassLoader("org.springframework.jdbc"))
        .withPropertyValues("spring.datasource.url=jdbc:postgresql://localhost/shop")
        .run(
            context -> {
              assertThat(context).hasFailed();
              FailureAnalysis analysis =
                  new StoreChoiceFailureAnalyzer().analyze(context.getStartupFailure());
              assertThat(analysis.getDescription())
                  .contains("spring.datasource.url is set (jdbc:postgresql://localhost/shop)");
              assertThat(analysis.getAction())
                  .contains("org.springframework.boot:spring-boot-starter-jdbc")
                  .contains("clockwork.store=memory");
            });
  }

  @Test
  void aDatasourceUrlWithoutTheDriverFailsNamingTheDriver() {
    runner
        .withClassLoader(new FilteredClassLoader("org.postgresql"))
        .withPropertyValues("spring.datasource.url=jdbc:postgresql://localhost/shop")
        .run(
            context ->
                assertThat(context.getStartupFailure())
                    .rootCause()
                    .isInstanceOf(StoreChoiceException.class)
                    .hasMessageContaining("add the dependency org.postgresql:postgresql"));
  }

  @Test
  void postgresChosenWithoutADataSourceFailsNamingTheFix() {
    runner
        .withPropertyValues("clockwork.store=postgres")
        .run(
            context ->
                assertThat(context.getStartupFailure())
                    .rootCause()
                    .isInstanceOf(StoreChoiceException.class)
                    .hasMessageContaining("clockwork.store=postgres but there is no DataSource")
                    .hasMessageContaining("declare a DataSource bean"));
  }

  @Test
  void anUnknownStoreFailsListingTheChoices() {
    runner
        .withPropertyValues("clockwork.store=redis")
        .run(
            context ->
                assertThat(context.getStartupFailure())
                    .rootCause()
                    .hasMessageContaining("clockwork.store=redis is not a store")
                    .hasMessageContaining("postgres or memory"));
  }

  @Test
  void nothingConfiguredRunsInMemoryAndWarns(CapturedOutput output) {
    runner.run(
        context -> {
          assertThat(context.getBean(Store.class)).isInstanceOf(InMemoryStore.class);
          assertThat(output.getOut() + output.getErr())
              .contains("WARN")
              .contains("in-memory store: instances are not durable");
        });
  }

  @Test
  void memoryChosenWithADatasourceUrlRunsInMemoryAndWarns(CapturedOutput output) {
    runner
        .withPropertyValues(
            "clockwork.store=memory", "spring.datasource.url=jdbc:postgresql://localhost/shop")
        .run(
            context -> {
              assertThat(context).hasNotFailed();
              assertThat(context.getBean(Store.class)).isInstanceOf(InMemoryStore.class);
              assertThat(output.getOut() + output.getErr()).contains("not durable");
            });
  }

  @Test
  void memoryChosenBeatsADataSourceBean() {
    runner
        .withBean(DataSource.class, PGSimpleDataSource::new)
        .withPropertyValues("clockwork.store=memory")
        .run(context -> assertThat(context.getBean(Store.class)).isInstanceOf(InMemoryStore.class));
  }

  @Test
  void aDataSourceBeanRunsOnPostgres() {
    FreshDatabase database = FreshDatabase.create();
    runner
        .withBean(
            DataSource.class,
            () -> {
              PGSimpleDataSource source = new PGSimpleDataSource();
              source.setUrl(database.url());
              source.setUser(database.user());
              return source;
            })
        .run(context -> assertThat(context.getBean(Store.class)).isInstanceOf(PostgresStore.class));
  }

  @SpringBootConfiguration
  @EnableAutoConfiguration(
      excludeName = {
        "org.springframework.boot.autoconfigure.jdbc.DataSourceAutoConfiguration",
        "org.springframework.boot.jdbc.autoconfigure.DataSourceAutoConfiguration"
      })
  static class NoDataSourceApplication {}

  /** The whole application start, as a user sees it: Boot's failure report names the fix. */
  @Test
  void theStartStopsWithBootsFailureReport(CapturedOutput output) {
    assertThatThrownBy(
            () ->
                new SpringApplicationBuilder(NoDataSourceApplication.class)
                    .run(
                        "--spring.main.web-application-type=none",
                        "--spring.datasource.url=jdbc:postgresql://localhost/shop",
                        "--clockwork.workers.auto-startup=false")
                    .close())
        .rootCause()
        .isInstanceOf(StoreChoiceException.class);
    assertThat(output.getOut() + output.getErr())
        .contains("APPLICATION FAILED TO START")
        .contains("Clockwork: spring.datasource.url is set")
        .contains("excluded");
  }
}
