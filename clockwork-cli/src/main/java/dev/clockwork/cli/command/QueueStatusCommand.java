package dev.clockwork.cli.command;

import dev.clockwork.cli.CliEnvironment;
import dev.clockwork.cli.output.Json;
import dev.clockwork.cli.output.Table;
import dev.clockwork.runtime.config.QueueConfig;
import dev.clockwork.runtime.store.QueueStats;
import java.io.PrintWriter;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Parameters;

/** {@code queue status [machine]}. */
@Command(name = "status", description = "Queue figures for every machine, or details of one.")
public final class QueueStatusCommand implements Callable<Integer> {
  private final CliEnvironment env;

  @Mixin DatabaseOptions database;
  @Mixin OutputOption output;

  @Parameters(arity = "0..1", paramLabel = "MACHINE", description = "one machine's details")
  String machine;

  public QueueStatusCommand(CliEnvironment env) {
    this.env = env;
  }

  @Override
  public Integer call() throws Exception {
    try (QueueContext queues = QueueContext.open(env, database)) {
      PrintWriter out = env.out();
      if (machine != null) {
        queues.warnIfUnknown(machine);
        QueueStats stats = queues.admin.status(machine);
        QueueConfig config = queues.config.queueFor(machine);
        if (output.json()) {
          Map<String, Object> json = new LinkedHashMap<>();
          json.put("stats", stats);
          json.put("strategy", config.strategy().name().toLowerCase(Locale.ROOT));
          json.put("concurrency", config.concurrency());
          json.put("timeout", config.timeout().toString());
          json.put("retry", config.retry());
          Json.print(out, json);
          return 0;
        }
        out.println(machine + " Queue Details");
        out.println(QueueCommand.RULE);
        out.println("Configuration:");
        out.printf("  Strategy:      %s%n", config.strategy().name().toLowerCase(Locale.ROOT));
        out.printf("  Concurrency:   %d%n", config.concurrency());
        out.printf("  Timeout:       %ss%n", config.timeout().toMillis() / 1000.0);
        out.printf(
            "  Retry:         %d attempts, %s backoff%n",
            config.retry().maxAttempts(), config.retry().exponential() ? "exponential" : "linear");
        out.println();
        out.println("Current State:");
        out.printf(
            "  Status:        %s%n",
            stats.paused() ? "PAUSED (" + stats.pending() + " pending)" : "RUNNING");
        out.printf("  Pending:       %d events%n", stats.pending());
        out.printf("  Processing:    %d instances%n", stats.processing());
        out.printf("  Failed:        %d events (dead letters)%n", stats.deadLetters());
        if (stats.oldestPending() != null) {
          out.printf("  Oldest:        queued at %s%n", stats.oldestPending());
        }
        out.flush();
        return 0;
      }
      List<QueueStats> all = queues.admin.status();
      if (output.json()) {
        Json.print(out, all);
        return 0;
      }
      out.println("Queue Status");
      out.println(QueueCommand.RULE);
      out.println("System: " + queues.config.system());
      out.printf(
          "  Strategy: %s | Concurrency: %d per machine (default)%n%n",
          queues.config.queue().strategy().name().toLowerCase(Locale.ROOT),
          queues.config.queue().concurrency());
      if (all.isEmpty()) {
        out.println("No machine has stored instances yet.");
        out.flush();
        return 0;
      }
      out.println("Machine Queues:");
      Table table = new Table("Machine", "Pending", "Processing", "Failed", "Status");
      long dead = 0;
      for (QueueStats stats : all) {
        table.row(
            stats.machine(),
            stats.pending(),
            stats.processing(),
            stats.deadLetters(),
            stats.paused() ? "PAUSED" : "running");
        dead += stats.deadLetters();
      }
      table.printBoxed(out);
      out.println();
      out.println("Dead Letter Queue: " + dead + " event" + (dead == 1 ? "" : "s"));
      out.flush();
      return 0;
    }
  }
}
