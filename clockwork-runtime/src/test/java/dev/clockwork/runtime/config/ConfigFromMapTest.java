package dev.clockwork.runtime.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Settings built in code in the file's shape read as the file does, with the same checks. */
class ConfigFromMapTest {

  @Test
  void mapsReadAsTheFileDoesWithMachineOverridesMergedOverTheSystemBlock() {
    Map<String, Object> tree = new LinkedHashMap<>();
    tree.put("queue", Map.of("concurrency", 7, "timeout", "45 seconds"));
    tree.put(
        "machines",
        Map.of(
            "order",
            Map.of(
                "queue",
                Map.of("retry", Map.of("max_attempts", 5, "initial_delay", Duration.ofSeconds(2))),
                "parallel_dispatch",
                Map.of("enabled", true))));
    tree.put("timers", Map.of("batch_size", 20));
    tree.put("schedules", Map.of("namespace", "billing"));
    tree.put("system", null);

    Settings config = Settings.fromMap(tree, "test");

    assertThat(config.queue("order").concurrency()).isEqualTo(7);
    assertThat(config.queue("order").timeout()).isEqualTo(Duration.ofSeconds(45));
    assertThat(config.queue("order").retry().maxAttempts()).isEqualTo(5);
    assertThat(config.queue("order").retry().backoff().initialDelay())
        .isEqualTo(Duration.ofSeconds(2));
    assertThat(config.parallelDispatch("order").enabled()).isTrue();
    assertThat(config.parallelDispatch().enabled()).isFalse();
    assertThat(config.timers().batchSize()).isEqualTo(20);
    assertThat(config.scheduleNamespace()).isEqualTo("billing");
    assertThat(config.system()).isEqualTo("clockwork");
  }

  @Test
  void mistakesNameTheSourceAndTheKeyPath() {
    Map<String, Object> tree =
        Map.of("queue", Map.of("retry", Map.of("initial_delay", "1 minute", "max_delay", "PT1S")));

    assertThatThrownBy(() -> Settings.fromMap(tree, "clockwork.* properties"))
        .isInstanceOf(ConfigException.class)
        .hasMessageContaining("clockwork.* properties")
        .hasMessageContaining("queue.retry.max_delay")
        .hasMessageContaining("must not be shorter than initial_delay");
  }
}
