package dev.clockwork.cli.command;

import dev.clockwork.cli.environment.CliEnvironment;
import dev.clockwork.cli.output.Json;
import dev.clockwork.cli.output.Table;
import dev.clockwork.core.ClockworkException;
import dev.clockwork.runtime.error.UnknownEventIdException;
import dev.clockwork.runtime.error.UnknownInstanceException;
import dev.clockwork.runtime.queue.AttemptError;
import dev.clockwork.runtime.queue.EventStatus;
import java.io.PrintWriter;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Parameters;

/** {@code instance event ID EVENT_ID}: what became of one queued event. */
@Command(
    name = "event",
    description = {
      "Show what became of one queued event of an instance: pending, retrying (next attempt and"
          + " errors), applied (its history row), dead-lettered (its dead letter) or discarded."
          + " EVENT_ID is the id enqueue returned, also in the EVENT ID column of `instance show`."
          + " Exit code 1 when the instance or the event is unknown."
    })
public final class InstanceEventCommand implements Callable<Integer> {
  private final CliEnvironment env;

  @Mixin DatabaseOptions database;
  @Mixin OutputOption output;
  @Mixin InstanceNamespace namespace;

  @Parameters(index = "0", paramLabel = "ID", description = "the instance id")
  String id;

  @Parameters(index = "1", paramLabel = "EVENT_ID", description = "the event's queue id")
  long eventId;

  public InstanceEventCommand(CliEnvironment env) {
    this.env = env;
  }

  @Override
  public Integer call() throws Exception {
    String chosen = namespace.name();
    try (OpenDatabase opened = OpenDatabase.open(env, database)) {
      EventStatus status = status(opened, chosen);
      if (output.json()) {
        Json.print(env.out(), status);
      } else {
        print(env.out(), status);
      }
      return 0;
    }
  }

  private EventStatus status(OpenDatabase opened, String chosen) {
    try {
      return opened.engine(List.of()).namespace(chosen).instances().event(id, eventId);
    } catch (UnknownInstanceException e) {
      throw new ClockworkException(namespace.missing(id));
    } catch (UnknownEventIdException e) {
      throw new ClockworkException(
          "instance '"
              + id
              + "' has no event "
              + eventId
              + " in its queue, its dead letters or its history; the EVENT ID column of"
              + " `clockwork instance show "
              + id
              + "` lists its events' ids");
    }
  }

  private static void print(PrintWriter out, EventStatus status) {
    String event = "Event " + status.eventId() + " of " + status.instanceId();
    String failed = status.attempts() + " failed attempt" + (status.attempts() == 1 ? "" : "s");
    switch (status.state()) {
      case PENDING -> out.printf("%s: pending, available at %s%n", event, status.nextAttemptAt());
      case RETRYING ->
          out.printf(
              "%s: retrying after %s, next attempt at %s%n", event, failed, status.nextAttemptAt());
      case APPLIED ->
          out.printf(
              "%s: applied in history row %d%s%n",
              event, status.historySequence(), status.attempts() == 0 ? "" : ", after " + failed);
      case DEAD_LETTERED ->
          out.printf(
              "%s: dead-lettered after %s, dead letter %d (`clockwork queue retry %d` puts it"
                  + " back)%n",
              event, failed, status.deadLetterId(), status.deadLetterId());
      case DISCARDED ->
          out.printf(
              "%s: discarded after %s (its machine's dead letters are disabled), history row"
                  + " %d%n",
              event, failed, status.historySequence());
    }
    if (!status.errors().isEmpty()) {
      out.println();
      Table errors = new Table("ATTEMPT", "AT", "ERROR");
      for (AttemptError error : status.errors()) {
        errors.row(error.attempt(), error.at(), error.error());
      }
      errors.print(out);
    }
    out.flush();
  }
}
