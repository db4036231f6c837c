package dev.clockwork.chaos.check;

import dev.clockwork.chaos.machine.ChaosEngine;
import dev.clockwork.chaos.machine.ChaosFanOut;
import dev.clockwork.chaos.machine.ChaosMachine;
import dev.clockwork.chaos.machine.ChaosSchedule;
import dev.clockwork.chaos.machine.ScheduledRun;
import dev.clockwork.runtime.Engine;
import dev.clockwork.runtime.Instance;
import dev.clockwork.runtime.store.QueueStats;
import dev.clockwork.runtime.store.Store;
import dev.clockwork.schedule.ScheduleDescription;
import dev.clockwork.schedule.Schedules;
import dev.clockwork.schedule.store.ScheduleStatus;
import java.time.Duration;
import java.time.Instant;
import java.util.List;

/**
 * Waits, after the faults stopped, until the run has settled — or until the bound passes. Errors
 * while the database comes back are waited out.
 *
 * <ol>
 *   <li>The schedule is paused, as an operator would, once it has caught up: when its next fire is
 *       more than {@link #PAUSE_MARGIN} away, so no tick is evaluating an occurrence (a pause
 *       racing a tick that already started its run would leave that run without its audit row; see
 *       RESULTS.md).
 *   <li>Then, for {@link #STEADY} on end: every machine's queue is empty and nothing is leased, no
 *       chaos instance is in a state it leaves by itself (a one-shot or recurring timer armed, a
 *       child running), every scheduled run has finished, and no fan-out instance is in its
 *       parallel state nor any region job stored. Holding for a while lets a broadcast written but
 *       not yet delivered (the self-healing pass runs every 500 ms) arrive.
 * </ol>
 */
public final class Drain {
  static final Duration PAUSE_MARGIN = Duration.ofMillis(700);
  static final Duration STEADY = Duration.ofSeconds(2);
  private static final long POLL_MS = 500;

  private final Engine engine;
  private final Store store;
  private final Schedules schedules;
  private final List<String> instanceIds;

  /**
   * @param schedules where the run's schedule lives; null when the run has none
   */
  public Drain(Engine engine, Store store, Schedules schedules, List<String> instanceIds) {
    this.engine = engine;
    this.store = store;
    this.schedules = schedules;
    this.instanceIds = instanceIds;
  }

  /**
   * @return how long the drain took, or null when it did not finish within {@code bound}
   */
  public Duration await(Duration bound) throws InterruptedException {
    long start = System.nanoTime();
    long deadline = start + bound.toNanos();
    boolean paused = schedules == null;
    long steadySince = -1;
    while (System.nanoTime() < deadline) {
      try {
        paused = paused || pausedOnceCaughtUp();
        if (paused && settled()) {
          if (steadySince < 0) {
            steadySince = System.nanoTime();
          } else if (System.nanoTime() - steadySince >= STEADY.toNanos()) {
            return Duration.ofNanos(System.nanoTime() - start);
          }
        } else {
          steadySince = -1;
        }
      } catch (RuntimeException e) {
        steadySince = -1; // the database may still be coming back: look again
      }
      Thread.sleep(POLL_MS);
    }
    return null;
  }

  private boolean pausedOnceCaughtUp() {
    ScheduleDescription schedule = schedules.describe(ChaosSchedule.ID);
    if (schedule.status() == ScheduleStatus.PAUSED) {
      return true; // an earlier pause whose answer was lost
    }
    Instant next = schedule.nextFireAt();
    if (next == null || !next.isAfter(engine.clock().instant().plus(PAUSE_MARGIN))) {
      return false;
    }
    schedules.pause(ChaosSchedule.ID, "clockwork-chaos drain");
    return true;
  }

  private boolean settled() {
    for (String machine : ChaosEngine.MACHINES) {
      QueueStats stats = engine.admin().queues().status(machine);
      if (stats.pending() > 0 || stats.processing() > 0) {
        return false;
      }
    }
    for (String id : instanceIds) {
      Instance instance = engine.instances().get(id);
      if (ChaosMachine.BUSY_STATES.stream().anyMatch(instance::isIn)) {
        return false;
      }
    }
    for (String id : store.instances().instanceIds(ScheduledRun.ID)) {
      if (!engine.instances().get(id).isDone()) {
        return false;
      }
    }
    for (String id : ChaosFanOut.ids()) {
      if (engine.instances().get(id).isIn(ChaosFanOut.STATE)) {
        return false;
      }
    }
    return engine.regionJobs().pending(null).isEmpty();
  }
}
