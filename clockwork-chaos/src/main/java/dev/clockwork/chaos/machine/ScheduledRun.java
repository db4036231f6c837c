package dev.clockwork.chaos.machine;

import dev.clockwork.core.definition.Machine;
import dev.clockwork.core.definition.MachineDefinition;
import dev.clockwork.core.time.Timer;

/**
 * The machine the run's schedule starts at each occurrence ({@link ChaosSchedule}): it runs for
 * {@link #LENGTH} (a one-shot timer), longer than the schedule's interval, so the overlap policy
 * has work to do, then finishes.
 */
public final class ScheduledRun {
  public static final String ID = "chaos-run";
  public static final Timer LENGTH = Timer.seconds(3);

  private ScheduledRun() {}

  public static MachineDefinition definition() {
    return Machine.define(ID)
        .initial("running")
        .state("running", s -> s.on("FINISH", t -> t.to("finished").after(LENGTH)))
        .finalState("finished")
        .build();
  }
}
