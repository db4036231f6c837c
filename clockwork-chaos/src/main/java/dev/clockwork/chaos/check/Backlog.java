package dev.clockwork.chaos.check;

import dev.clockwork.chaos.machine.ChaosEngine;
import dev.clockwork.runtime.admin.QueueAdmin;
import dev.clockwork.runtime.store.QueueStats;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;

/**
 * The events the faults held back. Once every worker is up again a timer fire still waits behind
 * the events its instance had queued before the fire was due (the queue's order), so a fire due
 * while that backlog is worked off is late by how long the backlog takes, not by a stall. I11
 * judges from when no machine's queue holds an event enqueued before the workers were all up.
 * Errors while the database comes back are waited out.
 */
public final class Backlog {
  private static final long POLL_MS = 200;

  private final QueueAdmin queues;
  private final Clock clock;

  /**
   * @param clock the clock the enqueuing engine stamps events with
   */
  public Backlog(QueueAdmin queues, Clock clock) {
    this.queues = queues;
    this.clock = clock;
  }

  /**
   * Waits until no chaos machine's queue holds an event enqueued before {@code upAt}.
   *
   * @return when that was first seen, or null when it was not within {@code bound}
   */
  public Instant awaitWorkedOff(Instant upAt, Duration bound) throws InterruptedException {
    long deadline = System.nanoTime() + bound.toNanos();
    while (true) {
      Instant now = clock.instant();
      try {
        if (workedOff(upAt)) {
          return now;
        }
      } catch (RuntimeException e) {
        // the database may still be coming back: look again
      }
      if (System.nanoTime() - deadline >= 0) {
        return null;
      }
      Thread.sleep(POLL_MS);
    }
  }

  private boolean workedOff(Instant upAt) {
    for (String machine : ChaosEngine.MACHINES) {
      QueueStats stats = queues.status(machine);
      if (stats.oldestPending() != null && stats.oldestPending().isBefore(upAt)) {
        return false;
      }
    }
    return true;
  }
}
