package dev.clockwork.spring.boot.store;

import dev.clockwork.runtime.store.Store;
import dev.clockwork.runtime.store.memory.InMemoryStore;
import java.util.Locale;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.core.env.Environment;
import org.springframework.util.ClassUtils;

/**
 * The in-memory store, given only when {@code clockwork.store=memory} or when nothing points at a
 * database; a configured {@code spring.datasource.url} or {@code clockwork.store=postgres} without
 * a DataSource bean fails the start naming what is missing.
 */
public final class StoreChoice {
  /** The property that chooses the store: {@code memory} or {@code postgres}. */
  public static final String PROPERTY = "clockwork.store";

  static final String WARNING =
      "Clockwork runs on the in-memory store: instances are not durable and are lost on restart;"
          + " add spring-boot-starter-jdbc, org.postgresql:postgresql and spring.datasource.url"
          + " to run on PostgreSQL";

  private static final Logger LOG = LoggerFactory.getLogger(StoreChoice.class);

  private StoreChoice() {}

  /** The in-memory store when it is allowed here, else a {@link StoreChoiceException}. */
  public static InMemoryStore memory(Environment environment, ClassLoader classLoader) {
    String chosen = environment.getProperty(PROPERTY, "").trim().toLowerCase(Locale.ROOT);
    String url = environment.getProperty("spring.datasource.url", "").trim();
    switch (chosen) {
      case "memory" -> {}
      case "postgres" ->
          throw new StoreChoiceException(
              PROPERTY + "=postgres but there is no DataSource bean", missing(classLoader));
      case "" -> {
        if (!url.isEmpty()) {
          throw new StoreChoiceException(
              "spring.datasource.url is set (" + url + ") but there is no DataSource bean",
              missing(classLoader));
        }
      }
      default ->
          throw new StoreChoiceException(
              PROPERTY + "=" + chosen + " is not a store",
              "set " + PROPERTY + " to postgres or memory");
    }
    LOG.warn(WARNING);
    return new InMemoryStore();
  }

  /** What a DataSource needs that is not here, and the fix. */
  static String missing(ClassLoader classLoader) {
    String memory = "; or set " + PROPERTY + "=memory to run in memory on purpose (not durable)";
    if (!ClassUtils.isPresent("org.springframework.jdbc.core.JdbcTemplate", classLoader)) {
      return "spring-jdbc is missing from the classpath: add the dependencies"
          + " org.springframework.boot:spring-boot-starter-jdbc and org.postgresql:postgresql"
          + memory;
    }
    if (!ClassUtils.isPresent("org.postgresql.Driver", classLoader)) {
      return "the PostgreSQL driver is missing from the classpath: add the dependency"
          + " org.postgresql:postgresql"
          + memory;
    }
    return "the DataSource auto-configuration is excluded or the DataSource is incomplete:"
        + " declare a DataSource bean or stop excluding DataSourceAutoConfiguration"
        + memory;
  }

  /** Whether a store is durable, as the health indicators show it. */
  public static String describe(Store store) {
    if (store == null) {
      return null;
    }
    if (store instanceof InMemoryStore) {
      return "memory (not durable)";
    }
    String name = store.getClass().getSimpleName();
    return name.startsWith("Postgres") ? "postgres" : name;
  }
}
