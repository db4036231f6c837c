package dev.clockwork.spring.boot.tests;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.DynamicTest.dynamicTest;

import dev.clockwork.core.definition.MachineDefinition;
import dev.clockwork.runtime.Engine;
import dev.clockwork.runtime.config.Settings;
import dev.clockwork.spring.boot.autoconfigure.ClockworkAutoConfiguration;
import dev.clockwork.spring.boot.tests.support.TestMachines;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * Every key of {@code clockwork.yaml} is a {@code clockwork.*} property read through the same model
 * at the file's level: an engine given every property has the settings the same file gives, and
 * each property changes them (its value is not what the file without it gives), so a property the
 * starter ignores fails here. What each setting then does in the engine is shown by the runtime's
 * {@code EverySettingAppliedTest}.
 */
class EveryPropertyAppliedTest {
  private final ApplicationContextRunner runner =
      new ApplicationContextRunner()
          .withConfiguration(AutoConfigurations.of(ClockworkAutoConfiguration.class))
          .withUserConfiguration(Billing.class)
          .withPropertyValues("clockwork.workers.auto-startup=false");

  @TestFactory
  Stream<DynamicTest> everyPropertyReachesTheEngine() {
    List<PropertyRow> rows = PropertyRows.all();
    AtomicReference<Settings> fromProperties = new AtomicReference<>();
    runner
        .withPropertyValues(
            rows.stream().map(r -> r.name() + "=" + r.property()).toArray(String[]::new))
        .run(
            context -> {
              assertThat(context).hasNotFailed();
              fromProperties.set(context.getBean(Engine.class).settings());
            });
    Settings fromFile = Settings.parse(yaml(rows, null), "clockwork.yaml");
    return rows.stream()
        .map(
            row ->
                dynamicTest(
                    row.toString(),
                    () -> {
                      Settings without = Settings.parse(yaml(rows, row), "clockwork.yaml");
                      Object expected = row.read().apply(fromFile);
                      assertThat(expected)
                          .as("the file's value")
                          .isNotEqualTo(row.read().apply(without));
                      assertThat(row.read().apply(fromProperties.get())).isEqualTo(expected);
                    }));
  }

  /** Every row as {@code clockwork.yaml} writes it, but {@code left} (none when null). */
  private static String yaml(List<PropertyRow> rows, PropertyRow left) {
    Map<String, Object> tree = new LinkedHashMap<>();
    for (PropertyRow row : rows) {
      if (row == left) {
        continue;
      }
      String[] parts = row.key().split("\\.");
      Map<String, Object> block = tree;
      for (int i = 0; i < parts.length - 1; i++) {
        block = blockOf(block, parts[i]);
      }
      block.put(parts[parts.length - 1], row.value());
    }
    StringBuilder yaml = new StringBuilder();
    write(tree, 0, yaml);
    return yaml.toString();
  }

  @SuppressWarnings("unchecked")
  private static Map<String, Object> blockOf(Map<String, Object> parent, String key) {
    return (Map<String, Object>) parent.computeIfAbsent(key, k -> new LinkedHashMap<>());
  }

  @SuppressWarnings("unchecked")
  private static void write(Map<String, Object> block, int depth, StringBuilder yaml) {
    block.forEach(
        (key, value) -> {
          yaml.append("  ".repeat(depth)).append(key).append(':');
          if (value instanceof Map<?, ?> child) {
            yaml.append('\n');
            write((Map<String, Object>) child, depth + 1, yaml);
          } else {
            yaml.append(' ').append(value).append('\n');
          }
        });
  }

  @Configuration(proxyBeanMethods = false)
  static class Billing {
    @Bean
    MachineDefinition billing() {
      return TestMachines.billing();
    }
  }
}
