package dev.clockwork.cli.command;

import dev.clockwork.cli.environment.CliEnvironment;
import dev.clockwork.cli.output.Json;
import dev.clockwork.schedule.ScheduleDescription;
import dev.clockwork.schedule.Schedules;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code schedules pause|resume|delete <id>}: each prints the schedule's new state in a line, or
 * {@code describe}'s JSON with {@code --output json}.
 */
public final class ScheduleLifecycleCommands {
  private ScheduleLifecycleCommands() {}

  /** What the three commands share: the options, the session and the printing. */
  abstract static class Change implements Callable<Integer> {
    private final CliEnvironment env;

    @Mixin DatabaseOptions database;
    @Mixin ScheduleNamespace namespace;
    @Mixin OutputOption output;

    @Parameters(paramLabel = "SCHEDULE_ID", description = "the schedule")
    String scheduleId;

    Change(CliEnvironment env) {
      this.env = env;
    }

    abstract ScheduleDescription apply(Schedules schedules);

    abstract String summary(ScheduleDescription changed);

    @Override
    public Integer call() throws Exception {
      try (ScheduleSession session = ScheduleSession.open(env, database, namespace)) {
        ScheduleDescription changed = apply(session.schedules);
        if (output.json()) {
          Json.print(env.out(), changed.toMap());
          return 0;
        }
        env.out().println(scheduleId + ": " + summary(changed));
        env.out().flush();
        return 0;
      }
    }
  }

  /** {@code schedules pause <id> [--reason TEXT]}. */
  @Command(name = "pause", description = "Pause a schedule: it fires on nothing until resumed.")
  public static final class Pause extends Change {
    @Option(names = "--reason", paramLabel = "TEXT", description = "why, for the audit stream")
    String reason;

    public Pause(CliEnvironment env) {
      super(env);
    }

    @Override
    ScheduleDescription apply(Schedules schedules) {
      return schedules.pause(scheduleId, reason);
    }

    @Override
    String summary(ScheduleDescription changed) {
      String why = changed.record().pausedReason();
      return "paused" + (why == null ? "" : " (" + why + ")");
    }
  }

  /** {@code schedules resume <id>}: the next fire is computed from now. */
  @Command(name = "resume", description = "Resume a paused schedule; its next fire is from now.")
  public static final class Resume extends Change {
    public Resume(CliEnvironment env) {
      super(env);
    }

    @Override
    ScheduleDescription apply(Schedules schedules) {
      return schedules.resume(scheduleId);
    }

    @Override
    String summary(ScheduleDescription changed) {
      return "active, next fire " + ScheduleText.instant(changed.nextFireAt());
    }
  }

  /** {@code schedules delete <id> [--reason TEXT]}: a soft delete; the history stays. */
  @Command(
      name = "delete",
      description =
          "Soft-delete a schedule: it stops firing and takes no further command; describe and"
              + " history still show it.")
  public static final class Delete extends Change {
    @Option(
        names = "--reason",
        paramLabel = "TEXT",
        description = "why, for the audit stream (default delete_requested)")
    String reason;

    public Delete(CliEnvironment env) {
      super(env);
    }

    @Override
    ScheduleDescription apply(Schedules schedules) {
      return reason == null ? schedules.delete(scheduleId) : schedules.delete(scheduleId, reason);
    }

    @Override
    String summary(ScheduleDescription changed) {
      return "deleted at "
          + changed.record().deletedAt()
          + " ("
          + changed.record().deleteReason()
          + "); its history stays readable";
    }
  }
}
