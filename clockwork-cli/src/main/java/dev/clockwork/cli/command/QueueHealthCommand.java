package dev.clockwork.cli.command;

import dev.clockwork.cli.CliEnvironment;
import dev.clockwork.cli.output.Json;
import dev.clockwork.runtime.health.HealthCheck;
import dev.clockwork.runtime.health.HealthReport;
import java.io.PrintWriter;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;

/** {@code queue health}: exit code 0 healthy, 1 warning, 2 critical. */
@Command(
    name = "health",
    description =
        "Check every queue against its alert thresholds (exit 0 healthy, 1 warning, 2 critical).")
public final class QueueHealthCommand implements Callable<Integer> {
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
        Json.print(env.out(), report);
        return report.overall().exitCode();
      }
      PrintWriter out = env.out();
      out.println("Queue Health Check");
      out.println(QueueCommand.RULE);
      out.println("Overall: " + report.overall());
      out.println();
      out.println("Checks:");
      for (HealthCheck check : report.checks()) {
        out.printf("  %-8s %s (%s)%n", mark(check), check.subject(), check.detail());
      }
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
