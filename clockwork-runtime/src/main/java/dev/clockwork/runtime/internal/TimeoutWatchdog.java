package dev.clockwork.runtime.internal;

import java.time.Duration;
import java.util.Iterator;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;

/**
 * Interrupts the thread processing an event once the queue's processing timeout has passed, so an
 * action blocked in interruptible I/O or a wait gives up instead of holding its worker; the turn
 * then reports the timeout as a retryable failure. The interrupt can only land while the event is
 * being processed: {@link Watch#close()} clears one that raced with the end of processing.
 *
 * <p>One sweeper thread keeps every watch's deadline and sleeps until the earliest: watching an
 * event costs a set insertion and removal, and wakes the sweeper only when the new deadline is
 * earlier than the one it sleeps for (never, while every queue has the same timeout).
 */
public final class TimeoutWatchdog {
  private static final Sweeper SWEEPER = new Sweeper();

  private TimeoutWatchdog() {}

  /** Starts watching the current thread; close the watch when processing ends. */
  public static Watch watch(Duration timeout) {
    Watch watch = new Watch(Thread.currentThread(), System.nanoTime() + timeout.toNanos());
    SWEEPER.add(watch);
    return watch;
  }

  /** One watched processing run. */
  public static final class Watch implements AutoCloseable {
    private final Thread thread;
    private final long deadline;
    private boolean running = true;
    private boolean interrupted;

    private Watch(Thread thread, long deadline) {
      this.thread = thread;
      this.deadline = deadline;
    }

    private synchronized void interrupt() {
      if (running) {
        interrupted = true;
        thread.interrupt();
      }
    }

    /** True when the timeout interrupted the processing thread. */
    public synchronized boolean fired() {
      return interrupted;
    }

    @Override
    public synchronized void close() {
      running = false;
      SWEEPER.remove(this);
      if (interrupted) {
        Thread.interrupted(); // the interrupt was ours: the worker goes on with a clear flag
      }
    }
  }

  /** The thread that interrupts watches past their deadlines. */
  private static final class Sweeper implements Runnable {
    private final Set<Watch> watches = ConcurrentHashMap.newKeySet();
    private boolean asleep;
    private boolean bounded; // while asleep: whether it sleeps until wakeAt, or until woken
    private long wakeAt; // System.nanoTime() the sweeper sleeps until, when bounded
    private boolean changed; // a watch came while the sweeper was scanning: scan again

    Sweeper() {
      Thread thread = new Thread(this, "clockwork-timeout-watchdog");
      thread.setDaemon(true);
      thread.start();
    }

    void add(Watch watch) {
      watches.add(watch);
      synchronized (this) {
        if (!asleep) {
          changed = true;
        } else if (!bounded || watch.deadline - wakeAt < 0) {
          notify();
        }
      }
    }

    void remove(Watch watch) {
      watches.remove(watch);
    }

    @Override
    public void run() {
      while (true) {
        long now = System.nanoTime();
        long earliest = Long.MAX_VALUE;
        boolean any = false;
        for (Iterator<Watch> it = watches.iterator(); it.hasNext(); ) {
          Watch watch = it.next();
          if (watch.deadline - now <= 0) {
            it.remove();
            watch.interrupt();
          } else if (!any || watch.deadline - earliest < 0) {
            earliest = watch.deadline;
            any = true;
          }
        }
        sleep(earliest, any);
      }
    }

    /** Sleeps until {@code until} when {@code bound}, else until woken (or a watch came). */
    private synchronized void sleep(long until, boolean bound) {
      if (changed) {
        changed = false;
        return;
      }
      asleep = true;
      bounded = bound;
      wakeAt = until;
      try {
        if (!bound) {
          wait();
        } else {
          long left = until - System.nanoTime();
          if (left > 0) {
            TimeUnit.NANOSECONDS.timedWait(this, left);
          }
        }
      } catch (InterruptedException e) {
        // the sweeper never stops: scan again
      } finally {
        asleep = false;
        changed = false;
      }
    }
  }
}
