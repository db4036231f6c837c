package dev.clockwork.runtime.internal.worker;

import dev.clockwork.runtime.internal.outage.StoreFailures;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Work the engine runs every so often beside the turns, on a thread of its own: the self-healing
 * pass, dead-letter retention, schedule ticks. A task that throws is logged and runs again at its
 * next interval (a store failure is logged by {@link StoreFailures}, once per interval however many
 * tasks it fails).
 */
public final class PeriodicTasks {
  private static final Logger LOG = LoggerFactory.getLogger(PeriodicTasks.class);

  private final List<Task> tasks = new CopyOnWriteArrayList<>();
  private final StoreFailures failures;

  public PeriodicTasks(StoreFailures failures) {
    this.failures = failures;
  }

  private static final class Task {
    final String name;
    final long everyNanos;
    final Runnable body;
    long next = System.nanoTime();

    Task(String name, Duration every, Runnable body) {
      this.name = name;
      this.everyNanos = every.toNanos();
      this.body = body;
    }
  }

  /** Runs {@code task} every {@code every} (elapsed time) once the workers run. */
  public void add(String name, Duration every, Runnable task) {
    tasks.add(new Task(name, every, task));
  }

  /** Runs every task that is due; returns how long until the next one is. */
  Duration runDue() {
    long now = System.nanoTime();
    long soonest = Long.MAX_VALUE;
    for (Task task : tasks) {
      if (now - task.next >= 0) {
        task.next = now + task.everyNanos;
        try {
          task.body.run();
        } catch (RuntimeException e) {
          if (failures.failed(task.name, e)) {
            continue;
          }
          LOG.error(
              "worker task {} failed; it runs again in {} ms",
              task.name,
              task.everyNanos / 1_000_000,
              e);
        }
      }
      soonest = Math.min(soonest, task.next - System.nanoTime());
    }
    return Duration.ofNanos(Math.max(1_000_000, Math.min(soonest, 1_000_000_000L)));
  }
}
