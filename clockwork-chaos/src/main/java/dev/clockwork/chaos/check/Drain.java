package dev.clockwork.chaos.check;

import dev.clockwork.chaos.machine.ChaosMachine;
import dev.clockwork.runtime.Engine;
import dev.clockwork.runtime.store.QueueStats;
import java.time.Duration;
import java.util.List;

/**
 * Waits, after the faults stopped, until the chaos machine's queues are empty, no instance is
 * leased and no one-shot timer is still armed (no instance in {@code ticking}) — or until the bound
 * passes. Errors while the database comes back are waited out.
 */
public final class Drain {
  private final Engine engine;
  private final List<String> instanceIds;

  public Drain(Engine engine, List<String> instanceIds) {
    this.engine = engine;
    this.instanceIds = instanceIds;
  }

  /**
   * @return how long the drain took, or null when it did not finish within {@code bound}
   */
  public Duration await(Duration bound) throws InterruptedException {
    long start = System.nanoTime();
    long deadline = start + bound.toNanos();
    while (System.nanoTime() < deadline) {
      try {
        if (drained()) {
          return Duration.ofNanos(System.nanoTime() - start);
        }
      } catch (RuntimeException e) {
        // the database may still be coming back: look again
      }
      Thread.sleep(500);
    }
    return null;
  }

  private boolean drained() {
    QueueStats stats = engine.queues().status(ChaosMachine.ID);
    if (stats.pending() > 0 || stats.processing() > 0) {
      return false;
    }
    for (String id : instanceIds) {
      if (engine.instance(id).isIn("ticking")) {
        return false;
      }
    }
    return true;
  }
}
