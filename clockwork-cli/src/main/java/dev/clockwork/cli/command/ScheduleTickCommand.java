package dev.clockwork.cli.command;

import dev.clockwork.cli.environment.CliEnvironment;
import dev.clockwork.cli.output.Json;
import dev.clockwork.cli.output.Table;
import dev.clockwork.schedule.outcome.TickResult;
import dev.clockwork.schedule.outcome.TriggerOutcome;
import java.io.PrintWriter;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code schedules tick [--json]}: one evaluation pass over every due schedule of every namespace,
 * for deployments that drive schedules from cron. Safe beside running workers: claims keep two
 * ticks off one schedule, and instance ids are deterministic. Exits with 1 when a schedule failed
 * to trigger (it is tried again once its claim expires).
 */
@Command(
    name = "tick",
    description =
        "Evaluate every due schedule once, now (all namespaces). The machines they start must be"
            + " on the classpath. Exit code 1 when a schedule failed to trigger.")
public final class ScheduleTickCommand implements Callable<Integer> {
  private final CliEnvironment env;

  @Mixin DatabaseOptions database;
  @Mixin OutputOption output;

  @Option(names = "--json", description = "print the rows as JSON (same as --output json)")
  boolean json;

  public ScheduleTickCommand(CliEnvironment env) {
    this.env = env;
  }

  @Override
  public Integer call() throws Exception {
    try (ScheduleSession session = ScheduleSession.open(env, database, new ScheduleNamespace())) {
      List<TickResult> rows = session.schedules.tick();
      long failed = rows.stream().filter(r -> r.outcome() == TriggerOutcome.FAILED).count();
      if (json || output.json()) {
        Json.print(env.out(), rows.stream().map(TickResult::toMap).toList());
      } else {
        print(env.out(), rows);
      }
      if (failed > 0) {
        env.err()
            .printf(
                "clockwork: %d schedule%s failed to trigger; each is tried again when its claim"
                    + " expires%n",
                failed, failed == 1 ? "" : "s");
        env.err().flush();
        return 1;
      }
      return 0;
    }
  }

  private void print(PrintWriter out, List<TickResult> rows) {
    if (rows.isEmpty()) {
      out.println("No schedule was due at " + env.clock().instant() + ".");
      out.flush();
      return;
    }
    Table table =
        new Table(
            "NAMESPACE", "SCHEDULE", "OUTCOME", "OCCURRENCE", "INSTANCE", "NEXT FIRE", "REASON");
    Map<String, Integer> counts = new TreeMap<>();
    for (TickResult row : rows) {
      table.row(
          row.namespace(),
          row.scheduleId(),
          row.outcome().wireName(),
          row.occurrenceTime(),
          row.instanceId(),
          row.nextFireAt(),
          row.reason());
      counts.merge(row.outcome().wireName(), 1, Integer::sum);
    }
    table.print(out);
    StringBuilder summary = new StringBuilder();
    counts.forEach(
        (outcome, count) ->
            summary.append(summary.length() == 0 ? "" : ", ").append(count + " " + outcome));
    out.printf(
        "%d occurrence%s evaluated: %s.%n", rows.size(), rows.size() == 1 ? "" : "s", summary);
    out.flush();
  }
}
