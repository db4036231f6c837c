package dev.clockwork.bench.durable;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;

class DurableSettingsTest {
  private static final Path OUT = Path.of("target");

  @Test
  void defaultsAreTheIssuesScale() {
    DurableSettings settings = DurableSettings.from(new String[0], OUT);
    assertThat(settings.instances).isEqualTo(10_000);
    assertThat(settings.eventsPerInstance).isEqualTo(10);
    assertThat(settings.workerCounts).containsExactly(1, 2, 4);
    assertThat(settings.dbSchedulerTasks).isEqualTo(100_000);
    assertThat(settings.largeArmed).isEqualTo(1_000_000);
    assertThat(settings.durable).isTrue();
    assertThat(settings.sections).containsExactlyElementsOf(DurableSettings.SECTIONS);
  }

  @Test
  void quickDividesEveryCountByTen() {
    DurableSettings settings = DurableSettings.from(new String[] {"--quick"}, OUT);
    assertThat(settings.instances).isEqualTo(1_000);
    assertThat(settings.largeArmed).isEqualTo(100_000);
    assertThat(settings.eventsPerInstance).isEqualTo(10);
    assertThat(settings.latenessRate).isEqualTo(5_000);
  }

  @Test
  void optionsChooseWorkersSectionsAndFlushes() {
    DurableSettings settings =
        DurableSettings.from(
            new String[] {"--workers", "2,8", "--only", "timers,lateness", "--no-fsync"}, OUT);
    assertThat(settings.workerCounts).containsExactly(2, 8);
    assertThat(settings.runs("timers")).isTrue();
    assertThat(settings.runs("throughput")).isFalse();
    assertThat(settings.durable).isFalse();
  }

  @Test
  void unknownOptionsAndSectionsAreRefusedWithTheUsage() {
    assertThatThrownBy(() -> DurableSettings.from(new String[] {"--fast"}, OUT))
        .hasMessageContaining("unknown option --fast")
        .hasMessageContaining("usage: clockwork-bench/run-durable");
    assertThatThrownBy(() -> DurableSettings.from(new String[] {"--only", "speed"}, OUT))
        .hasMessageContaining("unknown section speed");
  }
}
