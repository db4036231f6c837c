package dev.clockwork.runtime.internal;

import java.time.Duration;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;

/**
 * Interrupts the thread processing an event once the queue's processing timeout has passed, so an
 * action blocked in interruptible I/O or a wait gives up instead of holding its worker; the turn
 * then reports the timeout as a retryable failure. The interrupt can only land while the event is
 * being processed: {@link Watch#close()} clears one that raced with the end of processing.
 */
public final class TimeoutWatchdog {
  private static final ScheduledExecutorService SCHEDULER =
      Executors.newSingleThreadScheduledExecutor(
          task -> {
            Thread thread = new Thread(task, "clockwork-timeout-watchdog");
            thread.setDaemon(true);
            return thread;
          });

  private TimeoutWatchdog() {}

  /** Starts watching the current thread; close the watch when processing ends. */
  public static Watch watch(Duration timeout) {
    return new Watch(Thread.currentThread(), timeout);
  }

  /** One watched processing run. */
  public static final class Watch implements AutoCloseable {
    private final Thread thread;
    private final ScheduledFuture<?> alarm;
    private boolean running = true;
    private boolean interrupted;

    private Watch(Thread thread, Duration timeout) {
      this.thread = thread;
      this.alarm = SCHEDULER.schedule(this::interrupt, timeout.toNanos(), TimeUnit.NANOSECONDS);
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
      alarm.cancel(false);
      if (interrupted) {
        Thread.interrupted(); // the interrupt was ours: the worker goes on with a clear flag
      }
    }
  }
}
