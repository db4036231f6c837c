package dev.clockwork.cli.command;

import dev.clockwork.cli.output.Table;
import dev.clockwork.runtime.queue.AttemptError;
import dev.clockwork.runtime.queue.DeadLetter;
import dev.clockwork.runtime.queue.QueuedEvent;
import java.io.PrintWriter;

/** {@code queue dlq inspect ID} for people: the seed's §9.4 fields, then every attempt's error. */
final class DeadLetterText {
  private DeadLetterText() {}

  static void print(PrintWriter out, DeadLetter dead) {
    QueuedEvent event = dead.event();
    out.println("Dead Letter " + dead.id());
    out.println(QueueCommand.RULE);
    line(out, "Machine", event.machine());
    line(out, "Instance", event.instanceId());
    line(out, "Conversation", event.conversationId());
    line(out, "Event", event.event().type());
    line(out, "Source", event.source());
    line(out, "Payload", ScheduleText.json(event.event().payload()));
    line(out, "Attempts", event.attempts());
    line(out, "Dead at", dead.deadAt());
    out.println();
    if (event.errors().isEmpty()) {
      out.println("No attempt error was recorded.");
    } else {
      Table errors = new Table("ATTEMPT", "AT", "ERROR");
      for (AttemptError error : event.errors()) {
        errors.row(error.attempt(), error.at(), error.error());
      }
      errors.print(out);
    }
    out.println();
    out.println("Use 'clockwork queue retry " + dead.id() + "' to retry");
    out.flush();
  }

  private static void line(PrintWriter out, String label, Object value) {
    out.printf("  %-14s%s%n", label + ":", value == null ? "-" : value);
  }
}
