package dev.clockwork.cli.command;

import dev.clockwork.cli.CliEnvironment;
import dev.clockwork.cli.output.HumanDuration;
import dev.clockwork.cli.output.Json;
import dev.clockwork.cli.output.Table;
import dev.clockwork.runtime.store.QueueActivity;
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

  private void overview(QueueContext queues) {
    PrintWriter out = env.out();
    List<QueueStats> all = queues.admin.status();
    List<Map<String, Object>> rows = new ArrayList<>();
    long active = 0;
    long slots = 0;
    for (QueueStats stats : all) {
      int concurrency = queues.config.queueFor(stats.machine()).concurrency();
      QueueActivity recent = queues.admin.activity(stats.machine(), RECENT);
      Map<String, Object> row = new LinkedHashMap<>();
      row.put("machine", stats.machine());
      row.put("status", stats.paused() ? "paused" : "running");
      row.put("pending", stats.pending());
      row.put("processing", stats.processing());
      row.put("concurrency", concurrency);
      row.put("deadLetters", stats.deadLetters());
      row.put("averageProcessingTime", recent.averageProcessingTime());
      row.put("oldestPending", stats.oldestPending());
      rows.add(row);
      active += stats.processing();
      slots += concurrency;
    }
    if (output.json()) {
      Json.print(out, rows);
      return;
    }
    out.println("Queue Status");
    out.println(QueueCommand.RULE);
    out.println("System: " + queues.config.system());
    out.printf(
        "  Strategy: %s | Concurrency: %d/%d active (%d per machine by default)%n%n",
        queues.config.queue().strategy().name().toLowerCase(Locale.ROOT),
        active,
        slots,
        queues.config.queue().concurrency());
    if (all.isEmpty()) {
      out.println("No machine has stored instances yet.");
      out.flush();
      return;
    }
    out.println("Machine Queues:");
    Table table = new Table("Machine", "Pending", "Processing", "Failed", "Avg Time", "Status");
    long dead = 0;
    for (Map<String, Object> row : rows) {
      table.row(
          row.get("machine"),
          row.get("pending"),
          row.get("processing") + "/" + row.get("concurrency"),
          row.get("deadLetters"),
          HumanDuration.format((Duration) row.get("averageProcessingTime")),
          "paused".equals(row.get("status")) ? "PAUSED" : "running");
      dead += (Long) row.get("deadLetters");
    }
    table.printBoxed(out);
    out.println();
    out.println("Dead Letter Queue: " + dead + " event" + (dead == 1 ? "" : "s"));
    out.flush();
  }
}
