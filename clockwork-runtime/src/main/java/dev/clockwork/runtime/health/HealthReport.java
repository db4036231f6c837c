package dev.clockwork.runtime.health;

import java.util.List;

/**
 * A queue health check: every check, the overall level (the worst one) and what to do about it.
 *
 * @param overall the worst level of the checks
 * @param checks one per machine and subject
 * @param recommendations what an operator should consider, one sentence each
 */
public record HealthReport(
    HealthLevel overall, List<HealthCheck> checks, List<String> recommendations) {
  public HealthReport {
    checks = List.copyOf(checks);
    recommendations = List.copyOf(recommendations);
  }
}
