package dev.clockwork.cli.command;

import dev.clockwork.cli.environment.CliEnvironment;
import dev.clockwork.cli.output.Json;
import dev.clockwork.cli.output.Table;
import dev.clockwork.schedule.ScheduleDescription;
import java.io.PrintWriter;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.HelpCommand;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code clockwork schedules …}: operate named, durable schedules. */
@Command(
    name = "schedules",
    description =
        "Operate schedules: list, describe, history, trigger, backfill, pause, resume, delete,"
            + " tick.",
    subcommands = {
      SchedulesCommand.ListSchedules.class,
      ScheduleDescribeCommand.class,
      ScheduleHistoryCommand.class,
      ScheduleTriggerCommand.class,
      ScheduleBackfillCommand.class,
      ScheduleLifecycleCommands.Pause.class,
      ScheduleLifecycleCommands.Resume.class,
      ScheduleLifecycleCommands.Delete.class,
      ScheduleTickCommand.class,
      HelpCommand.class
    })
public final class SchedulesCommand {

  /** {@code schedules list [--include-deleted]}. */
  @Command(name = "list", description = "List the namespace's schedules, sorted by id.")
  public static final class ListSchedules implements Callable<Integer> {
    private final CliEnvironment env;

    @Mixin DatabaseOptions database;
    @Mixin ScheduleNamespace namespace;
    @Mixin OutputOption output;

    @Option(names = "--include-deleted", description = "also list soft-deleted schedules")
    boolean includeDeleted;

    public ListSchedules(CliEnvironment env) {
      this.env = env;
    }

    @Override
    public Integer call() throws Exception {
      try (ScheduleSession session = ScheduleSession.open(env, database, namespace)) {
        List<ScheduleDescription> all = session.schedules.list(includeDeleted);
        PrintWriter out = env.out();
        if (output.json()) {
          Json.print(out, all.stream().map(ScheduleDescription::toMap).toList());
          return 0;
        }
        String where = "namespace '" + session.schedules.namespace() + "'";
        if (all.isEmpty()) {
          out.println("No schedules in " + where + ".");
          out.flush();
          return 0;
        }
        Table table =
            new Table(
                "SCHEDULE",
                "STATUS",
                "SPEC",
                "ACTION",
                "OVERLAP",
                "NEXT FIRE",
                "LAST FIRED",
                "FIRES");
        for (ScheduleDescription schedule : all) {
          table.row(
              schedule.scheduleId(),
              schedule.status().wireName(),
              ScheduleText.spec(schedule.settings().spec()),
              ScheduleText.action(schedule.settings().action()),
              schedule.overlapPolicy().wireName(),
              schedule.nextFireAt(),
              schedule.lastFiredAt(),
              schedule.firesCount());
        }
        table.print(out);
        out.printf("%d schedule%s in %s.%n", all.size(), all.size() == 1 ? "" : "s", where);
        out.flush();
        return 0;
      }
    }
  }
}
