package dev.clockwork.cli.command;

import dev.clockwork.cli.environment.CliEnvironment;
import dev.clockwork.cli.output.HumanDuration;
import dev.clockwork.cli.output.Json;
import dev.clockwork.cli.output.Table;
import dev.clockwork.runtime.store.QueueStats;
import java.io.PrintWriter;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Parameters;

/**
 * {@code queue status [machine]}: the seed's table of every machine (Pending, Processing, Failed,
 * Avg Time, and n/N instances active against the concurrency caps), or one machine's details.
 */
@Command(
    name = "status",
    description = {
      "Queue figures for every machine, or details of one. Avg Time and Throughput cover the last 5"
          + " minutes, Completed the last hour, as every engine on the database reported them."
    })
public final class QueueStatusCommand implements Callable<Integer> {
  /** The window of Avg Time and Throughput. */
  static final Duration RECENT = Duration.ofMinutes(5);

  private final CliEnvironment env;

  @Mixin DatabaseOptions database;
  @Mixin OutputOption output;

  @Parameters(
      arity = "0..1",
      paramLabel = "MACHINE",
      description = "one machine's details (order or @order)")
  String machine;

  public QueueStatusCommand(CliEnvironment env) {
    this.env = env;
  }

  @Override
  public Integer call() throws Exception {
    try (QueueContext queues = QueueContext.open(env, database)) {
      if (machine != null) {
        QueueDetails.print(env.out(), output, queues, queues.machine(machine), env.clock());
        return 0;
      }
      overview(queues);
      return 0;
    }
  }

  /** One machine's row: its figures, its concurrency cap and its recent average. */
  private record Row(QueueStats stats, int concurrency, Duration averageProcessingTime) {
    Map<String, Object> json() {
      Map<String, Object> json = new LinkedHashMap<>();
      json.put("machine", stats.machine());
      json.put("status", stats.paused() ? "paused" : "running");
      json.put("pending", stats.pending());
      json.put("processing", stats.processing());
      json.put("concurrency", concurrency);
      json.put("deadLetters", stats.deadLetters());
      json.put("averageProcessingTime", averageProcessingTime);
      json.put("oldestPending", stats.oldestPending());
      return json;
    }
  }

  private void overview(QueueContext queues) {
    PrintWriter out = env.out();
    List<Row> rows = new ArrayList<>();
    for (QueueStats stats : queues.admin.status()) {
      rows.add(
          new Row(
              stats,
              queues.config.queue(stats.machine()).concurrency(),
              queues.admin.activity(stats.machine(), RECENT).averageProcessingTime()));
    }
    if (output.json()) {
      Json.print(out, rows.stream().map(Row::json).toList());
      return;
    }
    out.println("Queue Status");
    out.println(QueueCommand.RULE);
    out.println("System: " + queues.config.system());
    out.printf(
        "  Strategy: %s | Concurrency: %d/%d active (%d per machine by default)%n%n",
        queues.config.queue().strategy().name().toLowerCase(Locale.ROOT),
        rows.stream().mapToLong(row -> row.stats().processing()).sum(),
        rows.stream().mapToLong(Row::concurrency).sum(),
        queues.config.queue().concurrency());
    if (rows.isEmpty()) {
      out.println("No machine has stored instances yet.");
      out.flush();
      return;
    }
    out.println("Machine Queues:");
    Table table = new Table("Machine", "Pending", "Processing", "Failed", "Avg Time", "Status");
    for (Row row : rows) {
      QueueStats stats = row.stats();
      table.row(
          stats.machine(),
          stats.pending(),
          stats.processing() + "/" + row.concurrency(),
          stats.deadLetters(),
          HumanDuration.format(row.averageProcessingTime()),
          stats.paused() ? "PAUSED" : "running");
    }
    table.printBoxed(out);
    long dead = rows.stream().mapToLong(row -> row.stats().deadLetters()).sum();
    out.println();
    out.println("Dead Letter Queue: " + dead + " event" + (dead == 1 ? "" : "s"));
    out.flush();
  }
}
