package dev.clockwork.spring.boot.keys;

import dev.clockwork.spring.boot.properties.ClockworkProperties;
import dev.clockwork.spring.boot.store.StoreChoice;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.springframework.beans.factory.config.BeanFactoryPostProcessor;
import org.springframework.beans.factory.config.ConfigurableListableBeanFactory;
import org.springframework.boot.origin.Origin;
import org.springframework.boot.origin.OriginLookup;
import org.springframework.boot.origin.TextResourceOrigin;
import org.springframework.core.env.ConfigurableEnvironment;
import org.springframework.core.env.EnumerablePropertySource;
import org.springframework.core.env.Environment;
import org.springframework.core.env.PropertySource;
import org.springframework.core.env.StandardEnvironment;
import org.springframework.core.env.SystemEnvironmentPropertySource;

/**
 * Stops the start on any key under {@code clockwork.} that is not a Clockwork property, in every
 * property source of the environment: {@code application.properties} and YAML, the command line,
 * system properties, environment variables in Spring's relaxed form ({@code
 * CLOCKWORK_QUEUE_CONCURENCY}). Runs before any bean is created, so lazy initialisation or beans of
 * the application's own replacing the starter's change nothing.
 */
public final class UnknownKeysCheck implements BeanFactoryPostProcessor {
  /**
   * The keys the starter knows: {@link ClockworkProperties}' and {@code clockwork.store}, which the
   * store choice reads from the environment itself.
   */
  public static final KnownKeys CLOCKWORK =
      KnownKeys.of(ClockworkProperties.class, List.of(StoreChoice.PROPERTY));

  /**
   * The environment variables Clockwork's command line and server read (their database, schedules'
   * namespace, classpath and callback secret): not properties, and often set on the same host.
   */
  static final Set<String> OTHER_TOOLS_VARIABLES =
      Set.of(
          "CLOCKWORK_JDBC_URL",
          "CLOCKWORK_DB_USER",
          "CLOCKWORK_DB_PASSWORD",
          "CLOCKWORK_NAMESPACE",
          "CLOCKWORK_CLASSPATH",
          "CLOCKWORK_CALLBACK_SECRET");

  private final Environment environment;

  public UnknownKeysCheck(Environment environment) {
    this.environment = environment;
  }

  @Override
  public void postProcessBeanFactory(ConfigurableListableBeanFactory beanFactory) {
    List<UnknownKey> unknown = find(environment);
    if (!unknown.isEmpty()) {
      throw new UnknownKeysException(unknown);
    }
  }

  /** Every unknown {@code clockwork.*} key of the environment, by source in precedence order. */
  public static List<UnknownKey> find(Environment environment) {
    List<UnknownKey> unknown = new ArrayList<>();
    if (environment instanceof ConfigurableEnvironment configurable) {
      for (PropertySource<?> source : configurable.getPropertySources()) {
        if (source instanceof EnumerablePropertySource<?> enumerable) {
          find(enumerable, unknown);
        }
      }
    }
    return unknown;
  }

  private static void find(EnumerablePropertySource<?> source, List<UnknownKey> unknown) {
    boolean variables = isEnvironmentVariables(source);
    for (String name : source.getPropertyNames()) {
      WrittenKey key =
          variables && name.indexOf('.') < 0
              ? WrittenKey.environment(name)
              : WrittenKey.dotted(name);
      if (!key.startsWith(CLOCKWORK.prefix())
          || (variables && OTHER_TOOLS_VARIABLES.contains(name))) {
        continue;
      }
      CLOCKWORK
          .miss(key)
          .ifPresent(
              miss ->
                  unknown.add(
                      UnknownKey.of(miss, source.getName(), origin(source, name, variables))));
    }
  }

  /** As Spring Boot tells them: a system environment source, by its class and its name. */
  private static boolean isEnvironmentVariables(PropertySource<?> source) {
    String name = source.getName();
    String variables = StandardEnvironment.SYSTEM_ENVIRONMENT_PROPERTY_SOURCE_NAME;
    return source instanceof SystemEnvironmentPropertySource
        && (name.equals(variables) || name.endsWith("-" + variables));
  }

  /** The line, where the source keeps it (an environment variable's origin is its name). */
  private static Optional<String> origin(PropertySource<?> source, String name, boolean variables) {
    if (variables) {
      return Optional.empty();
    }
    Origin origin = OriginLookup.getOrigin(source, name);
    if (origin instanceof TextResourceOrigin text && text.getLocation() != null) {
      // the source's name already names the file
      return Optional.of("line " + (text.getLocation().getLine() + 1));
    }
    return Optional.ofNullable(origin).map(Origin::toString);
  }
}
