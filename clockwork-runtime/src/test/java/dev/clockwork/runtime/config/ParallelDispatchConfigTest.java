package dev.clockwork.runtime.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import org.junit.jupiter.api.Test;

/** The settings record: the seed's defaults, its checks and the single-value changes. */
class ParallelDispatchConfigTest {
  private static final ParallelDispatchConfig D = ParallelDispatchConfig.DEFAULT;

  @Test
  void theDefaultsAreTheSeeds() {
    assertThat(D.enabled()).isFalse();
    assertThat(D.queue()).isNull();
    assertThat(D.lockTimeout()).isEqualTo(Duration.ofSeconds(30));
    assertThat(D.lockTtl()).isEqualTo(Duration.ofSeconds(60));
    assertThat(D.jobTimeout()).isEqualTo(Duration.ofSeconds(300));
    assertThat(D.jobTries()).isEqualTo(3);
    assertThat(D.jobBackoff()).isEqualTo(Duration.ofSeconds(30));
    assertThat(D.regionTimeout()).isEqualTo(Duration.ZERO);
    assertThat(D.hasRegionTimeout()).isFalse();
  }

  @Test
  void eachWithChangesOneValueAndKeepsTheRest() {
    ParallelDispatchConfig changed =
        D.withEnabled(true)
            .withQueue("regions")
            .withLockTimeout(Duration.ofSeconds(5))
            .withLockTtl(Duration.ofSeconds(6))
            .withJobTimeout(Duration.ofSeconds(7))
            .withJobTries(8)
            .withJobBackoff(Duration.ofSeconds(9))
            .withRegionTimeout(Duration.ofSeconds(120));
    assertThat(changed)
        .isEqualTo(
            new ParallelDispatchConfig(
                true,
                "regions",
                Duration.ofSeconds(5),
                Duration.ofSeconds(6),
                Duration.ofSeconds(7),
                8,
                Duration.ofSeconds(9),
                Duration.ofSeconds(120)));
    assertThat(changed.hasRegionTimeout()).isTrue();
    assertThat(D.withJobTries(5)).isEqualTo(D.withJobTries(4).withJobTries(5));
    assertThat(D.withJobTries(5).lockTimeout()).isEqualTo(D.lockTimeout());
    assertThat(D.withQueue("regions").withQueue(null)).isEqualTo(D);
  }

  @Test
  void zeroBackoffRetriesAtOnce() {
    assertThat(D.withJobBackoff(Duration.ZERO).jobBackoff()).isZero();
  }

  @Test
  void invalidValuesNameTheSettingAndTheValue() {
    assertThatThrownBy(() -> D.withJobTries(0))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("jobTries must be 1 or more, not 0");
    assertThatThrownBy(() -> D.withJobBackoff(Duration.ofSeconds(-1)))
        .hasMessage("jobBackoff must be zero or more, not PT-1S");
    assertThatThrownBy(() -> D.withRegionTimeout(Duration.ofSeconds(-1)))
        .hasMessage("regionTimeout must be zero or more (zero turns the timeout off), not PT-1S");
    assertThatThrownBy(() -> D.withLockTimeout(Duration.ZERO))
        .hasMessage("lockTimeout must be a positive duration, not PT0S");
    assertThatThrownBy(() -> D.withLockTtl(Duration.ofSeconds(-5)))
        .hasMessage("lockTtl must be a positive duration, not PT-5S");
    assertThatThrownBy(() -> D.withJobTimeout(Duration.ZERO))
        .hasMessage("jobTimeout must be a positive duration, not PT0S");
    assertThatThrownBy(() -> D.withJobTimeout(null))
        .isInstanceOf(NullPointerException.class)
        .hasMessage("jobTimeout");
    assertThatThrownBy(() -> D.withQueue(" "))
        .hasMessage("queue must be a queue name, not blank; use null for the default queue");
  }
}
