package dev.clockwork.core.interpreter;

import java.lang.ref.WeakReference;
import java.time.Instant;

/**
 * One idle {@link Macrostep} per thread, reused step after step, so a step allocates no working
 * state (its configuration, selection, entry set and scope). A step run while the thread's own is
 * open (an action that runs another step on the same thread) gets a new one. A step begins by
 * setting every field ({@link Macrostep#begin}), so nothing of the previous one is seen. The thread
 * holds its macrostep weakly: what it still references from its last step is garbage to the
 * collector, which may take it all (the next step makes another), and a thread that outlives its
 * class loader keeps no class of this one alive.
 */
final class StepPool {
  private static final ThreadLocal<WeakReference<Macrostep>> IDLE = new ThreadLocal<>();

  private StepPool() {}

  /** A macrostep begun over {@code before}; hand it back with {@link #close} in a finally. */
  static Macrostep open(Snapshot before, Instant now, Delivery delivery) {
    WeakReference<Macrostep> held = IDLE.get();
    Macrostep step = held == null ? null : held.get();
    if (step == null) {
      step = new Macrostep();
      IDLE.set(new WeakReference<>(step));
    } else if (step.isOpen()) {
      step = new Macrostep();
    }
    step.begin(before, now, delivery);
    return step;
  }

  /** Ends the step; the thread's own macrostep is free for the next one. */
  static void close(Macrostep step) {
    step.end();
  }
}
