package dev.clockwork.cli.command;

import dev.clockwork.cli.environment.CliEnvironment;
import dev.clockwork.cli.output.Json;
import dev.clockwork.schedule.outcome.TriggerOutcome;
import dev.clockwork.schedule.store.ScheduleRecord;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Parameters;

/**
 * {@code schedules trigger <id>}: triggers the schedule now under its overlap policy. A skipped or
 * buffered trigger is an answer, not an error: the exit code is 0 and the output says which.
 */
@Command(
    name = "trigger",
    description =
        "Trigger a schedule now under its overlap policy; prints the started instance, or why"
            + " nothing started. Its machine must be on the classpath.")
public final class ScheduleTriggerCommand implements Callable<Integer> {
  private final CliEnvironment env;

  @Mixin DatabaseOptions database;
  @Mixin ScheduleNamespace namespace;
  @Mixin OutputOption output;

  @Parameters(paramLabel = "SCHEDULE_ID", description = "the schedule")
  String scheduleId;

  public ScheduleTriggerCommand(CliEnvironment env) {
    this.env = env;
  }

  @Override
  public Integer call() throws Exception {
    try (ScheduleSession session = ScheduleSession.open(env, database, namespace)) {
      ScheduleRecord before = session.schedules.describe(scheduleId, 0).record();
      String instanceId = session.schedules.trigger(scheduleId);
      ScheduleRecord after = session.schedules.describe(scheduleId, 0).record();
      Map<String, Object> result = new LinkedHashMap<>();
      result.put("schedule_id", scheduleId);
      result.put("namespace", after.namespace());
      result.put("instance_id", instanceId);
      if (instanceId != null) {
        result.put("outcome", TriggerOutcome.STARTED.wireName());
      } else if (after.bufferedCount() > before.bufferedCount()) {
        result.put("outcome", TriggerOutcome.BUFFERED.wireName());
        result.put("reason", "the previous instance is still running");
      } else {
        result.put("outcome", TriggerOutcome.SKIPPED.wireName());
        result.put("reason", after.lastSkipReason());
      }
      if (output.json()) {
        Json.print(env.out(), result);
        return 0;
      }
      env.out()
          .println(
              instanceId != null
                  ? scheduleId + ": started " + instanceId
                  : scheduleId + ": " + result.get("outcome") + " (" + result.get("reason") + ")");
      env.out().flush();
      return 0;
    }
  }
}
