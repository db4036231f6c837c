package dev.clockwork.bench.queues;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;

class QueueSettingsTest {
  private static final Path OUT = Path.of("target");

  @Test
  void defaultsAreTheIssuesScale() {
    QueueSettings settings = QueueSettings.from(new String[0], OUT);
    assertThat(settings.poisonEvents()).isEqualTo(10_000);
    assertThat(settings.machines).isEqualTo(10);
    assertThat(settings.cap).isEqualTo(2);
    assertThat(settings.workers).isEqualTo(2);
    assertThat(settings.rounds).isEqualTo(5);
    assertThat(settings.durable).isTrue();
    assertThat(settings.sections).containsExactlyElementsOf(QueueSettings.SECTIONS);
  }

  @Test
  void theCapRunClaimsNoMoreThanTheCapsAllowTogether() {
    QueueSettings settings = QueueSettings.from(new String[0], OUT);
    assertThat(settings.capBatchSize() * settings.workers)
        .isEqualTo(settings.machines * settings.cap);
    QueueSettings four = QueueSettings.from(new String[] {"--workers", "4"}, OUT);
    assertThat(four.capBatchSize()).isEqualTo(5);
  }

  @Test
  void quickDividesEveryCountByTenAndRunsThreeRounds() {
    QueueSettings settings = QueueSettings.from(new String[] {"--quick"}, OUT);
    assertThat(settings.instances).isEqualTo(500);
    assertThat(settings.poisonEvents()).isEqualTo(1_000);
    assertThat(settings.instancesPerMachine).isEqualTo(50);
    assertThat(settings.eventsPerInstance).isEqualTo(10);
    assertThat(settings.rounds).isEqualTo(3);
  }

  @Test
  void optionsChooseRoundsWorkersSectionsAndFlushes() {
    QueueSettings settings =
        QueueSettings.from(
            new String[] {"--rounds", "7", "--workers", "1", "--only", "poison", "--no-fsync"},
            OUT);
    assertThat(settings.rounds).isEqualTo(7);
    assertThat(settings.workers).isEqualTo(1);
    assertThat(settings.runs("poison")).isTrue();
    assertThat(settings.runs("priority")).isFalse();
    assertThat(settings.durable).isFalse();
  }

  @Test
  void mistakesAreRefusedWithTheUsage() {
    assertThatThrownBy(() -> QueueSettings.from(new String[] {"--fast"}, OUT))
        .hasMessageContaining("unknown option --fast")
        .hasMessageContaining("usage: clockwork-bench/run-queues");
    assertThatThrownBy(() -> QueueSettings.from(new String[] {"--only", "speed"}, OUT))
        .hasMessageContaining("unknown section speed");
    assertThatThrownBy(() -> QueueSettings.from(new String[] {"--rounds", "0"}, OUT))
        .hasMessageContaining("--rounds must be 1 or more");
    assertThatThrownBy(() -> QueueSettings.from(new String[] {"--workers"}, OUT))
        .hasMessageContaining("--workers needs a value");
  }
}
