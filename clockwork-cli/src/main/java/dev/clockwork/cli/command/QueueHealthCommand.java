package dev.clockwork.cli.command;

import dev.clockwork.cli.environment.CliEnvironment;
import dev.clockwork.cli.output.Json;
import dev.clockwork.runtime.health.HealthCheck;
import dev.clockwork.runtime.health.HealthReport;
import java.io.PrintWriter;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;

/**
 * {@code queue health}: exit code 0 healthy, 1 warning, 2 critical. Pending events and dead letters
 * are read from the database; processing times are measured by each engine process as it commits
 * events, so the CLI, which processes none, says it did not check them instead of leaving them out.
 */
@Command(
    name = "health",
    description = {
      "Check every queue's pending events and dead letters against its alert thresholds (exit 0"
          + " healthy, 1 warning, 2 critical). Processing times are not checked here: "
          + QueueHealthCommand.PROCESSING_TIMES
    })
public final class QueueHealthCommand implements Callable<Integer> {
  static final String PROCESSING_TIMES =
      "they are measured by each engine's own process as it processes events (its"
          + " engine.admin().queues().health(), or the queue.processing_time metric), not by the CLI.";

  private final CliEnvironment env;

  @Mixin DatabaseOptions database;
  @Mixin OutputOption output;

  public QueueHealthCommand(CliEnvironment env) {
    this.env = env;
  }

  @Override
  public Integer call() throws Exception {
    try (QueueContext queues = QueueContext.open(env, database)) {
      HealthReport report = queues.admin.health();
      if (output.json()) {
        Map<String, Object> json = new LinkedHashMap<>();
        json.put("overall", report.overall());
        json.put("checks", report.checks());
        json.put("recommendations", report.recommendations());
        json.put("processingTimesChecked", false);
        json.put("processingTimes", "not checked: " + PROCESSING_TIMES);
        Json.print(env.out(), json);
        return report.overall().exitCode();
      }
      PrintWriter out = env.out();
      out.println("Queue Health Check");
      out.println(QueueCommand.RULE);
      out.println("Overall: " + report.overall());
      out.println();
      out.println("Checks:");
      if (report.checks().isEmpty()) {
        out.println("  (no machine has stored instances yet)");
      }
      for (HealthCheck check : report.checks()) {
        out.printf("  %-8s %s (%s)%n", mark(check), check.subject(), check.detail());
      }
      out.println();
      out.println("Processing times: not checked here. The CLI processes no events; each engine");
      out.println(
          "  process measures its own (engine.admin().queues().health(), queue.processing_time).");
      if (!report.recommendations().isEmpty()) {
        out.println();
        out.println("Recommendations:");
        report.recommendations().forEach(r -> out.println("  - " + r));
      }
      out.flush();
      return report.overall().exitCode();
    }
  }

  private static String mark(HealthCheck check) {
    return switch (check.level()) {
      case HEALTHY -> "ok";
      case WARNING -> "WARNING";
      case CRITICAL -> "CRITICAL";
    };
  }
}
