package dev.clockwork.cli.command;

import dev.clockwork.cli.environment.CliEnvironment;
import dev.clockwork.cli.output.HumanDuration;
import dev.clockwork.cli.output.Json;
import dev.clockwork.schedule.ScheduleDescription;
import dev.clockwork.schedule.definition.ScheduleSettings;
import dev.clockwork.schedule.store.BufferedTrigger;
import dev.clockwork.schedule.store.ScheduleRecord;
import java.io.PrintWriter;
import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code schedules describe <id> [--upcoming N]}: every field, and the next fire times. */
@Command(
    name = "describe",
    description = "Show every field of a schedule (deleted ones too) and its next fire times.")
public final class ScheduleDescribeCommand implements Callable<Integer> {
  private final CliEnvironment env;

  @Spec CommandSpec spec;
  @Mixin DatabaseOptions database;
  @Mixin ScheduleNamespace namespace;
  @Mixin OutputOption output;

  @Parameters(paramLabel = "SCHEDULE_ID", description = "the schedule")
  String scheduleId;

  @Option(
      names = "--upcoming",
      paramLabel = "N",
      defaultValue = "5",
      description = "how many next fire times to show (default 5)")
  int upcoming;

  public ScheduleDescribeCommand(CliEnvironment env) {
    this.env = env;
  }

  @Override
  public Integer call() throws Exception {
    CommandArguments.atLeast(spec, "--upcoming", upcoming, 0);
    try (ScheduleSession session = ScheduleSession.open(env, database, namespace)) {
      ScheduleDescription schedule = session.schedules.describe(scheduleId, upcoming);
      if (output.json()) {
        Json.print(env.out(), schedule.toMap());
        return 0;
      }
      print(env.out(), schedule);
      return 0;
    }
  }

  private static void print(PrintWriter out, ScheduleDescription schedule) {
    ScheduleRecord record = schedule.record();
    ScheduleSettings settings = schedule.settings();
    out.println("Schedule " + schedule.scheduleId() + " (namespace " + schedule.namespace() + ")");
    out.println(QueueCommand.RULE);
    line(out, "Status", schedule.status().wireName());
    line(out, "Spec", ScheduleText.spec(settings.spec()));
    line(out, "Action", ScheduleText.action(settings.action()));
    line(out, "Action detail", ScheduleText.json(settings.action().toMap()));
    line(out, "Overlap policy", settings.overlapPolicy().wireName());
    line(
        out,
        "Catch-up",
        settings.catchup().wireName()
            + " (window "
            + HumanDuration.format(settings.catchupWindow())
            + ")");
    line(out, "Max buffer", settings.maxBuffer());
    line(out, "Jitter", HumanDuration.format(Duration.ofSeconds(settings.jitterSeconds())));
    line(
        out,
        "Max runs",
        settings.maxRuns() == null
            ? "-"
            : settings.maxRuns() + " (" + record.remainingActions() + " remaining)");
    line(out, "Queue", settings.queue());
    line(out, "Labels", ScheduleText.json(settings.labels()));
    line(out, "Memo", ScheduleText.json(settings.memo()));
    line(out, "Search attributes", ScheduleText.json(settings.searchAttributes()));
    line(out, "Notes", settings.notes());
    out.println();
    line(out, "Fires", record.firesCount());
    line(out, "Next fire", schedule.nextFireAt());
    line(out, "Last fired", record.lastFiredAt());
    line(out, "Latest instance", record.latestInstanceId());
    line(
        out,
        "Skipped",
        record.skippedTriggerCount()
            + (record.lastSkipReason() == null
                ? ""
                : " (last: " + record.lastSkipReason() + " at " + record.lastSkippedAt() + ")"));
    if (record.pausedAt() != null && schedule.status().wireName().equals("paused")) {
      line(out, "Paused", record.pausedReason() + " at " + record.pausedAt());
    }
    if (record.deletedAt() != null) {
      line(out, "Deleted", record.deleteReason() + " at " + record.deletedAt());
    }
    line(out, "Created", record.createdAt());
    line(out, "Updated", record.updatedAt());
    if (!schedule.buffered().isEmpty()) {
      out.println("Buffered triggers:");
      for (BufferedTrigger trigger : schedule.buffered()) {
        out.println("  " + trigger.occurrence() + " (buffered at " + trigger.bufferedAt() + ")");
      }
    }
    if (!schedule.upcomingFireTimes().isEmpty()) {
      out.println("Upcoming fire times:");
      for (Instant time : schedule.upcomingFireTimes()) {
        out.println("  " + time);
      }
    }
    out.flush();
  }

  private static void line(PrintWriter out, String label, Object value) {
    out.printf("  %-19s%s%n", label + ":", value == null ? "-" : value);
  }
}
