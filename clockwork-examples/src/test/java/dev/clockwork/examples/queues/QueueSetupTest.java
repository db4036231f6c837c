package dev.clockwork.examples.queues;

import static org.assertj.core.api.Assertions.assertThat;

import dev.clockwork.runtime.clock.VirtualClock;
import dev.clockwork.runtime.config.QueueStrategy;
import dev.clockwork.runtime.config.Settings;
import dev.clockwork.runtime.health.HealthLevel;
import org.junit.jupiter.api.Test;

class QueueSetupTest {
  @Test
  void theReadmesQueueExampleRuns() {
    assertThat(QueueSetup.run(VirtualClock.at("2026-01-01T00:00:00Z")).overall())
        .isEqualTo(HealthLevel.HEALTHY);
    Settings config = Settings.parse(QueueSetup.CLOCKWORK_YAML, "clockwork.yaml");
    assertThat(config.queue("checkout").strategy()).isEqualTo(QueueStrategy.PRIORITY);
    assertThat(config.queue("checkout").concurrency()).isEqualTo(5);
    assertThat(config.queue("checkout").retry().maxAttempts()).isEqualTo(3);
  }
}
