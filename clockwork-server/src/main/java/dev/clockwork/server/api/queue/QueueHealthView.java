package dev.clockwork.server.api.queue;

import dev.clockwork.runtime.Engine;
import dev.clockwork.runtime.config.AlertThresholds;
import dev.clockwork.runtime.health.HealthCheck;
import dev.clockwork.runtime.health.HealthLevel;
import dev.clockwork.runtime.health.HealthReport;
import dev.clockwork.runtime.instance.NamespacedIds;
import dev.clockwork.runtime.store.ExpiredLease;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The queue health report as the API shows it: the overall {@code level} (healthy, warning,
 * critical), every check, the recommendations, each machine's alert thresholds, and the stuck
 * events (instances leased past their lease's expiry). Always 200: it is a report, not a probe.
 */
public record QueueHealthView(
    String level,
    List<CheckView> checks,
    List<String> recommendations,
    Map<String, ThresholdsView> thresholds,
    List<StuckView> stuck) {

  /** One check: its subject, level and figures. */
  public record CheckView(String subject, String level, String detail) {}

  /** A machine's alert thresholds (the queue seed's {@code queue.alerts}). */
  public record ThresholdsView(
      long pendingWarning,
      long pendingCritical,
      long dlqWarning,
      long dlqCritical,
      Duration processingTimeWarning,
      Duration processingTimeCritical) {}

  /** A stuck event: the instance, its machine, the worker holding the lease and since when. */
  public record StuckView(
      String instanceId, String namespace, String machine, String owner, Instant leaseExpiredAt) {}

  private static final int STUCK_LISTED = 100;

  static QueueHealthView of(Engine engine) {
    HealthReport report = engine.admin().queues().health();
    Map<String, ThresholdsView> thresholds = new LinkedHashMap<>();
    for (String machine : MachineNames.all(engine)) {
      AlertThresholds alerts = engine.settings().queue(machine).alerts();
      thresholds.put(
          machine,
          new ThresholdsView(
              alerts.pendingWarning(),
              alerts.pendingCritical(),
              alerts.dlqWarning(),
              alerts.dlqCritical(),
              alerts.processingTimeWarning(),
              alerts.processingTimeCritical()));
    }
    List<StuckView> stuck =
        engine.admin().queues().stuck(STUCK_LISTED).stream().map(QueueHealthView::stuck).toList();
    return new QueueHealthView(
        label(report.overall()),
        report.checks().stream().map(QueueHealthView::check).toList(),
        report.recommendations(),
        thresholds,
        stuck);
  }

  private static CheckView check(HealthCheck check) {
    return new CheckView(check.subject(), label(check.level()), check.detail());
  }

  private static StuckView stuck(ExpiredLease lease) {
    return new StuckView(
        NamespacedIds.idOf(lease.instanceId()),
        NamespacedIds.namespaceOf(lease.instanceId()),
        lease.machine(),
        lease.owner(),
        lease.expiredAt());
  }

  private static String label(HealthLevel level) {
    return level.name().toLowerCase(Locale.ROOT);
  }
}
