package dev.clockwork.examples.settings;

import static org.assertj.core.api.Assertions.assertThat;

import dev.clockwork.runtime.Engine;
import dev.clockwork.runtime.clock.VirtualClock;
import dev.clockwork.runtime.config.QueueConfig;
import dev.clockwork.runtime.config.WorkerSettings;
import java.time.Duration;
import org.junit.jupiter.api.Test;

class SettingsExampleTest {
  @Test
  void codeWinsOverTheFileKeyByKeyAndTheFileOverTheDefaults() {
    try (Engine engine = SettingsExample.build(VirtualClock.at("2026-01-01T00:00:00Z"))) {
      QueueConfig order = engine.settings().queue("order");
      assertThat(order.concurrency()).isEqualTo(8);
      assertThat(order.retry().maxAttempts()).isEqualTo(5);
      assertThat(order.retry().backoff().jitter()).isEqualTo(0.2);
      assertThat(engine.settings().queue("report").concurrency()).isEqualTo(10);
      WorkerSettings workers = engine.settings().workers();
      assertThat(workers.threads()).isEqualTo(4);
      assertThat(workers.leaseTime()).isEqualTo(Duration.ofSeconds(20));
      assertThat(workers.queues()).containsExactlyInAnyOrder("default", "reports");
      assertThat(engine.settings().timers().batchSize()).isEqualTo(100);
    }
  }
}
