package dev.clockwork.chaos.machine;

import dev.clockwork.core.definition.Machine;
import dev.clockwork.core.definition.MachineDefinition;
import dev.clockwork.core.time.Timer;

/**
 * The machine the run's schedule starts at each occurrence ({@link ChaosSchedule}): it runs for
 * {@link #LENGTH} (a one-shot timer), as long as the schedule's interval, then finishes. Whether
 * the next occurrence finds it still running depends on how late its start and its timer were
 * against the next tick, so the overlap policy both starts and skips, and more often skips when
 * work is late (faults).
 */
public final class ScheduledRun {
  public static final String ID = "chaos-run";
  public static final Timer LENGTH = Timer.seconds(2);

  private ScheduledRun() {}

  public static MachineDefinition definition() {
    return Machine.define(ID)
        .initial("running")
        .state("running", s -> s.on("FINISH", t -> t.to("finished").after(LENGTH)))
        .finalState("finished")
        .build();
  }
}
