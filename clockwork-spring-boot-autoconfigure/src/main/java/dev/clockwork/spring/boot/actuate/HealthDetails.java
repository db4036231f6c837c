package dev.clockwork.spring.boot.actuate;

import dev.clockwork.runtime.health.HealthCheck;
import dev.clockwork.runtime.health.HealthLevel;
import dev.clockwork.runtime.health.HealthReport;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * The queue health report as both Boot lines' health indicators show it: healthy is UP, warning is
 * UP with the warnings in the details (a warning is worth reading, not worth taking the node out of
 * a load balancer), critical is DOWN.
 */
final class HealthDetails {
  private HealthDetails() {}

  static boolean down(HealthReport report) {
    return report.overall() == HealthLevel.CRITICAL;
  }

  static Map<String, Object> of(HealthReport report, String store) {
    Map<String, Object> details = new LinkedHashMap<>();
    if (store != null) {
      details.put("store", store);
    }
    details.put("level", report.overall().name().toLowerCase(Locale.ROOT));
    Map<String, String> checks = new LinkedHashMap<>();
    for (HealthCheck check : report.checks()) {
      checks.put(
          check.subject(), check.level().name().toLowerCase(Locale.ROOT) + ": " + check.detail());
    }
    details.put("checks", checks);
    if (!report.recommendations().isEmpty()) {
      details.put("recommendations", report.recommendations());
    }
    return details;
  }
}
