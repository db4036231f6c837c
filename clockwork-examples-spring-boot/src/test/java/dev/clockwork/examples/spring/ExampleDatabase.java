package dev.clockwork.examples.spring;

import dev.clockwork.postgres.testing.EmbeddedPostgresDatabase;
import dev.clockwork.postgres.testing.TestDatabase;
import org.springframework.test.context.DynamicPropertyRegistry;

/** A database of its own on the test JVM's one embedded PostgreSQL, as the application's. */
final class ExampleDatabase {
  private ExampleDatabase() {}

  static TestDatabase create(DynamicPropertyRegistry registry) {
    TestDatabase database = EmbeddedPostgresDatabase.shared().newDatabase();
    registry.add("spring.datasource.url", database::url);
    registry.add("spring.datasource.username", database::user);
    registry.add("spring.datasource.password", database::password);
    return database;
  }
}
