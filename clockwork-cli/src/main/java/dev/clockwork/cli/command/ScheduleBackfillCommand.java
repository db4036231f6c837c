package dev.clockwork.cli.command;

import dev.clockwork.cli.environment.CliEnvironment;
import dev.clockwork.cli.output.Json;
import dev.clockwork.cli.output.Table;
import dev.clockwork.schedule.definition.OverlapPolicy;
import dev.clockwork.schedule.outcome.BackfillResult;
import java.io.PrintWriter;
import java.time.Instant;
import java.time.ZoneId;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code schedules backfill <id> --from DATE --to DATE [--overlap-policy P]}: triggers every
 * canonical occurrence in [from, to), oldest first. Dates without an offset are read in the
 * schedule's time zone. Running the same backfill again starts nothing new.
 */
@Command(
    name = "backfill",
    description =
        "Trigger every occurrence of a schedule in [--from, --to), each its own instance"
            + " (schedule:<id>:backfill:<time>). Its machine must be on the classpath.")
public final class ScheduleBackfillCommand implements Callable<Integer> {
  private final CliEnvironment env;

  @Spec CommandSpec spec;
  @Mixin DatabaseOptions database;
  @Mixin ScheduleNamespace namespace;
  @Mixin OutputOption output;

  @Parameters(paramLabel = "SCHEDULE_ID", description = "the schedule")
  String scheduleId;

  @Option(
      names = "--from",
      required = true,
      paramLabel = "DATE",
      description =
          "first instant, included: 2026-04-10, 2026-04-10T00:00:00 (schedule's zone) or"
              + " 2026-04-10T04:00:00Z")
  String from;

  @Option(
      names = "--to",
      required = true,
      paramLabel = "DATE",
      description = "end instant, excluded; written like --from")
  String to;

  @Option(
      names = "--overlap-policy",
      paramLabel = "POLICY",
      description =
          "use this policy instead of the schedule's: skip, allow_all, cancel_other,"
              + " terminate_other (buffering policies act as allow_all)")
  String overlapPolicy;

  public ScheduleBackfillCommand(CliEnvironment env) {
    this.env = env;
  }

  @Override
  public Integer call() throws Exception {
    OverlapPolicy override =
        overlapPolicy == null ? null : CommandArguments.overlapPolicy(spec, overlapPolicy);
    try (ScheduleSession session = ScheduleSession.open(env, database, namespace)) {
      ZoneId zone = session.schedules.describe(scheduleId, 0).settings().spec().timezone();
      Instant start = CommandArguments.instant(spec, "--from", from, zone);
      Instant end = CommandArguments.instant(spec, "--to", to, zone);
      if (!start.isBefore(end)) {
        throw CommandArguments.usage(
            spec, "--from " + start + " must come before --to " + end + " (the window is empty)");
      }
      List<BackfillResult> results = session.schedules.backfill(scheduleId, start, end, override);
      if (output.json()) {
        Json.print(env.out(), results.stream().map(BackfillResult::toMap).toList());
        return 0;
      }
      print(env.out(), results, start, end);
      return 0;
    }
  }

  private void print(PrintWriter out, List<BackfillResult> results, Instant start, Instant end) {
    if (results.isEmpty()) {
      out.printf("%s has no occurrence in [%s, %s).%n", scheduleId, start, end);
      out.flush();
      return;
    }
    Table table = new Table("CRON TIME", "OUTCOME", "INSTANCE", "REASON");
    Map<String, Integer> counts = new TreeMap<>();
    for (BackfillResult result : results) {
      table.row(
          result.cronTime(), result.outcome().wireName(), result.instanceId(), result.reason());
      counts.merge(result.outcome().wireName(), 1, Integer::sum);
    }
    table.print(out);
    StringBuilder summary = new StringBuilder();
    counts.forEach(
        (outcome, count) ->
            summary.append(summary.length() == 0 ? "" : ", ").append(count + " " + outcome));
    out.printf(
        "%d occurrence%s in [%s, %s): %s.%n",
        results.size(), results.size() == 1 ? "" : "s", start, end, summary);
    out.flush();
  }
}
