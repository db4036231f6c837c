package dev.clockwork.examples.history;

import dev.clockwork.core.definition.Machine;
import dev.clockwork.core.definition.MachineDefinition;
import dev.clockwork.core.time.Timer;

/** A multi-step application form that resumes where the applicant left off after a pause. */
public final class ApplicationMachine {
  private ApplicationMachine() {}

  // snippet:start history
  public static MachineDefinition definition() {
    return Machine.define("application")
        .initial("filling")
        .state(
            "filling",
            s ->
                s.initial("personal")
                    .history("resume", h -> h.deep()) // records the leaf state on PAUSE
                    .state("personal", c -> c.on("NEXT", "address"))
                    .state(
                        "address",
                        c ->
                            c.initial("street")
                                .state("street", a -> a.on("NEXT", "postcode"))
                                .state("postcode", a -> a.on("NEXT", "review")))
                    .state("review", c -> c.on("SUBMIT", "submitted"))
                    .on("PAUSE", "paused"))
        .state(
            "paused",
            s ->
                s.on("RESUME", "filling.resume") // back to the very step that was left
                    .on("ABANDONED", t -> t.to("abandoned").after(Timer.days(30))))
        .finalState("submitted")
        .finalState("abandoned")
        .build();
  }
  // snippet:end history
}
