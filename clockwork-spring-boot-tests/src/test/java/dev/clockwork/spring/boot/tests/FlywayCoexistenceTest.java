package dev.clockwork.spring.boot.tests;

import static org.assertj.core.api.Assertions.assertThat;

import dev.clockwork.runtime.Engine;
import dev.clockwork.spring.boot.tests.support.FreshDatabase;
import org.junit.jupiter.api.Test;
import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * An application that runs its own Flyway migrations (Spring Boot's Flyway, at the version Boot
 * brings) and Clockwork's migrations share one schema: each history table holds its own migrations
 * only, on the first start and on every start after it.
 */
class FlywayCoexistenceTest {

  @SpringBootConfiguration
  @EnableAutoConfiguration
  static class ShopApplication {}

  @Test
  void theApplicationsMigrationsAndClockworksKeepTheirOwnHistories() {
    FreshDatabase database = FreshDatabase.create();

    start(database).close();
    try (ConfigurableApplicationContext again = start(database)) {
      assertThat(again.getBean(Engine.class)).isNotNull();
    }

    assertThat(database.tables())
        .contains("shop_orders", "flyway_schema_history", "clockwork_schema_history")
        .contains("cw_instances", "cw_queue");
    assertThat(database.strings("SELECT script FROM flyway_schema_history ORDER BY installed_rank"))
        .containsExactly("V1__orders.sql", "V2__order_notes.sql");
    assertThat(
            database.strings(
                "SELECT script FROM clockwork_schema_history WHERE script LIKE 'V%'"
                    + " ORDER BY installed_rank"))
        .first()
        .isEqualTo("V1__schema.sql");
    assertThat(database.strings("SELECT script FROM clockwork_schema_history"))
        .doesNotContain("V1__orders.sql");
  }

  private static ConfigurableApplicationContext start(FreshDatabase database) {
    return new SpringApplicationBuilder(ShopApplication.class)
        .run(
            "--spring.main.web-application-type=none",
            "--spring.datasource.url=" + database.url(),
            "--spring.datasource.username=" + database.user(),
            "--clockwork.workers.auto-startup=false");
  }
}
