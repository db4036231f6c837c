package dev.clockwork.runtime.health;

import java.util.ArrayList;
import java.util.List;

/**
 * The machines' lines of a health report: a warning for each deployed version this node does not
 * run as deployed ({@link VersionProblem}), one healthy line when there is none.
 */
public final class MachineHealth {
  /** The subject of the machines' checks. */
  public static final String SUBJECT = "machines";

  private MachineHealth() {}

  /** {@code report} with the machines' checks added (and advice when a version has a problem). */
  public static HealthReport add(HealthReport report, List<VersionProblem> problems) {
    List<HealthCheck> checks = new ArrayList<>(report.checks());
    List<String> advice = new ArrayList<>(report.recommendations());
    if (problems.isEmpty()) {
      checks.add(
          new HealthCheck(
              SUBJECT, HealthLevel.HEALTHY, "this node runs every deployed machine version"));
      return new HealthReport(report.overall(), checks, advice);
    }
    for (VersionProblem problem : problems) {
      checks.add(
          new HealthCheck(
              SUBJECT + "." + problem.machine() + ".v" + problem.version(),
              HealthLevel.WARNING,
              problem.problem()));
    }
    advice.add(
        "Deploy the machines' code to this node, or run them on nodes that have it: a version whose"
            + " behaviours a node lacks waits for a node that has them");
    return new HealthReport(report.overall().worst(HealthLevel.WARNING), checks, advice);
  }
}
