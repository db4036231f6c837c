package dev.clockwork.runtime.health;

import static org.assertj.core.api.Assertions.assertThat;

import dev.clockwork.runtime.config.AlertThresholds;
import dev.clockwork.runtime.config.Settings;
import dev.clockwork.runtime.store.QueueStats;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Health levels at the configured thresholds, with the seed's recommendations. */
class QueueHealthTest {
  private static final Settings CONFIG =
      Settings.parse(
          """
          queue:
            alerts:
              pending_warning: 100
              pending_critical: 500
              dlq_warning: 10
              dlq_critical: 50
          machines:
            report:
              queue:
                alerts:
                  pending_warning: 30
          """,
          "clockwork.yaml");

  private static HealthReport evaluate(List<QueueStats> stats, Map<String, Duration> slowest) {
    return QueueHealth.evaluate(stats, slowest, machine -> CONFIG.queue(machine).alerts());
  }

  private static QueueStats stats(String machine, long pending, long dlq) {
    return new QueueStats(machine, pending, 0, dlq, false, null);
  }

  @Test
  void belowEveryThresholdIsHealthy() {
    HealthReport report =
        evaluate(List.of(stats("order", 15, 0), stats("payment", 2, 0)), Map.of());
    assertThat(report.overall()).isEqualTo(HealthLevel.HEALTHY);
    assertThat(report.overall().exitCode()).isZero();
    assertThat(report.recommendations()).isEmpty();
  }

  @Test
  void theSeedsExampleTurnsWarningWithItsRecommendations() {
    HealthReport report =
        evaluate(List.of(stats("order", 15, 0), stats("report", 45, 3)), Map.of());
    assertThat(report.overall()).isEqualTo(HealthLevel.WARNING);
    assertThat(report.overall().exitCode()).isEqualTo(1);
    assertThat(report.checks())
        .contains(
            new HealthCheck("report queue", HealthLevel.WARNING, "45 pending, >= 30 threshold"));
    assertThat(report.recommendations())
        .containsExactly(
            "Consider increasing report concurrency",
            "Review 3 events in the report dead letter queue");
  }

  @Test
  void criticalAtTheCriticalThresholds() {
    assertThat(evaluate(List.of(stats("order", 500, 0)), Map.of()).overall())
        .isEqualTo(HealthLevel.CRITICAL);
    assertThat(evaluate(List.of(stats("order", 0, 50)), Map.of()).overall())
        .isEqualTo(HealthLevel.CRITICAL);
    assertThat(evaluate(List.of(stats("order", 499, 49)), Map.of()).overall())
        .isEqualTo(HealthLevel.WARNING);
    assertThat(
            evaluate(List.of(stats("order", 0, 0)), Map.of("order", Duration.ofSeconds(30)))
                .overall())
        .isEqualTo(HealthLevel.CRITICAL);
    assertThat(
            evaluate(List.of(stats("order", 0, 0)), Map.of("order", Duration.ofSeconds(5)))
                .overall())
        .isEqualTo(HealthLevel.WARNING);
  }

  @Test
  void aPausedQueueOverItsThresholdIsToldToResume() {
    HealthReport report =
        evaluate(List.of(new QueueStats("order", 150, 0, 0, true, null)), Map.of());
    assertThat(report.recommendations()).containsExactly("Resume the order queue (it is paused)");
    assertThat(report.checks().get(0).detail()).endsWith("PAUSED");
    assertThat(AlertThresholds.DEFAULT.pendingWarning()).isEqualTo(100);
  }
}
