package dev.clockwork.cli;

import dev.clockwork.cli.config.DatabaseSettings;
import dev.clockwork.postgres.PostgresStore;
import dev.clockwork.postgres.schema.ClockworkMigrations;
import dev.clockwork.runtime.store.Store;
import org.postgresql.ds.PGSimpleDataSource;

/** The CLI's database: PostgreSQL through {@link PostgresStore}. */
final class PostgresDatabase implements CliEnvironment.Database {
  @Override
  public Store open(DatabaseSettings settings) {
    return PostgresStore.builder()
        .url(settings.url())
        .user(settings.user())
        .password(settings.password())
        .poolSize(2)
        .migrate(false)
        .build();
  }

  @Override
  public String migrate(DatabaseSettings settings) {
    PGSimpleDataSource dataSource = new PGSimpleDataSource();
    dataSource.setURL(settings.url());
    if (settings.user() != null) {
      dataSource.setUser(settings.user());
    }
    if (settings.password() != null) {
      dataSource.setPassword(settings.password());
    }
    int applied = ClockworkMigrations.migrate(dataSource);
    return applied == 0
        ? "Clockwork's tables are up to date"
        : "applied " + applied + " migration" + (applied == 1 ? "" : "s");
  }
}
