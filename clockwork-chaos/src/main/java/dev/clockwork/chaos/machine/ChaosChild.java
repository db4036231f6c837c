package dev.clockwork.chaos.machine;

import dev.clockwork.core.definition.Machine;
import dev.clockwork.core.definition.MachineDefinition;
import dev.clockwork.core.time.Timer;

/**
 * The child machine a chaos instance invokes in its {@code spawning} state. Started with the
 * parent's id ({@value #PARENT}) and the number of the SPAWN event that entered the state ({@value
 * #PARENT_SEQ}) as input, it works for {@link #WORK} (a one-shot timer) and finishes; its outcome
 * ({@code @done.finished}, its context as output) goes back to the parent's queue.
 */
public final class ChaosChild {
  public static final String ID = "chaos-child";
  public static final String PARENT = "parent";
  public static final String PARENT_SEQ = "parentSeq";
  public static final String FINAL = "finished";
  public static final Timer WORK = Timer.millis(500);

  private ChaosChild() {}

  public static MachineDefinition definition() {
    return Machine.define(ID)
        .initial("working")
        .state("working", s -> s.on("FINISH", t -> t.to(FINAL).after(WORK)))
        .finalState(FINAL)
        .build();
  }
}
