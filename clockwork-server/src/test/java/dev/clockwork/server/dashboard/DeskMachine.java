package dev.clockwork.server.dashboard;

import dev.clockwork.core.definition.Machine;
import dev.clockwork.core.definition.MachineDefinition;
import dev.clockwork.core.time.Timer;

/**
 * The machine the browser tests drive: {@code NOTE} keeps its payload's {@code text} in the
 * context, {@code REFUSE} fails as a business failure (a dead letter at once), {@code START} moves
 * from {@code open} to {@code working}, which arms a one-hour {@code NUDGE} timer.
 */
final class DeskMachine {
  static final MachineDefinition DESK =
      Machine.define("desk")
          .initial("open")
          .state(
              "open",
              s ->
                  s.on("NOTE", t -> t.action(x -> x.set("note", x.event().payload().get("text"))))
                      .on("REFUSE", t -> t.action(x -> x.fail("DESK_CLOSED", "the desk is closed")))
                      .on("START", "working"))
          .state(
              "working",
              s -> s.on("NUDGE", t -> t.to("open").after(Timer.hours(1))).on("DONE", "done"))
          .finalState("done")
          .build();

  private DeskMachine() {}
}
