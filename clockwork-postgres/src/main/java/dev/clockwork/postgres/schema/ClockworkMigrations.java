package dev.clockwork.postgres.schema;

import dev.clockwork.core.ClockworkException;
import java.util.List;
import javax.sql.DataSource;
import org.flywaydb.core.Flyway;
import org.flywaydb.core.api.FlywayException;
import org.flywaydb.core.api.output.MigrateResult;

/**
 * Creates and upgrades Clockwork's tables ({@code cw_*}) with Flyway, from the numbered SQL files
 * in {@value #LOCATION}. Its history lives in its own table, {@value #HISTORY_TABLE}, so it never
 * collides with the application's own Flyway migrations in the same schema. Migrating is idempotent
 * and safe to run from several nodes at once (Flyway takes a database lock).
 *
 * <pre>{@code
 * ClockworkMigrations.migrate(dataSource); // at startup, or from the CLI for teams that migrate by hand
 * }</pre>
 */
public final class ClockworkMigrations {
  /** Where the migrations are on the class path. */
  public static final String LOCATION = "classpath:db/clockwork/migration";

  /** Flyway's history table for Clockwork's migrations. */
  public static final String HISTORY_TABLE = "clockwork_schema_history";

  /** Every table Clockwork creates, children before parents. */
  public static final List<String> TABLES =
      List.of(
          "cw_machine_definitions",
          "cw_retention_totals",
          "cw_leases_by_name",
          "cw_purged_instances",
          "cw_operator_log",
          "cw_callback_deliveries",
          "cw_callbacks",
          "cw_schedule_buffer",
          "cw_schedule_skips",
          "cw_schedule_events",
          "cw_schedules",
          "cw_idempotency",
          "cw_broadcasts",
          "cw_region_jobs",
          "cw_pending_heads",
          "cw_leases",
          "cw_queue",
          "cw_history",
          "cw_dead_letters",
          "cw_retried_dead_letters",
          "cw_machine_queues",
          "cw_queue_activity",
          "cw_instances");

  private ClockworkMigrations() {}

  /**
   * Brings the schema of {@code dataSource}'s connections (its default schema) up to date.
   *
   * @return the number of migrations applied (0 when it was up to date)
   */
  public static int migrate(DataSource dataSource) {
    try {
      MigrateResult result = flyway(dataSource).migrate();
      return result.migrationsExecuted;
    } catch (FlywayException e) {
      throw new ClockworkException("migrating Clockwork's tables failed: " + e.getMessage(), e);
    }
  }

  /**
   * How many of this version's migrations the schema of {@code dataSource} has not had yet (0 when
   * it is up to date): a schema made by an older Clockwork answers more than 0.
   */
  public static int pending(DataSource dataSource) {
    try {
      return flyway(dataSource).info().pending().length;
    } catch (FlywayException e) {
      throw new ClockworkException(
          "reading Clockwork's migration history failed: " + e.getMessage(), e);
    }
  }

  private static Flyway flyway(DataSource dataSource) {
    return Flyway.configure(ClockworkMigrations.class.getClassLoader())
        .dataSource(dataSource)
        .locations(LOCATION)
        .table(HISTORY_TABLE)
        // the schema usually holds the application's tables already: start Clockwork's history
        // below V1 rather than refusing a non-empty schema
        .baselineOnMigrate(true)
        .baselineVersion("0")
        .failOnMissingLocations(true)
        .load();
  }
}
