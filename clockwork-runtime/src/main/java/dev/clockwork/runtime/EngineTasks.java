package dev.clockwork.runtime;

import dev.clockwork.runtime.internal.retention.RetentionSteps;
import dev.clockwork.runtime.internal.worker.PeriodicTasks;
import dev.clockwork.runtime.internal.worker.StartTasks;
import java.time.Duration;
import java.time.Instant;
import java.util.Objects;
import java.util.function.ToLongFunction;

/**
 * Work that modules extending an engine (schedules, retention) hand it: tasks its task thread runs
 * every so often, tasks it runs once when it starts, and purges its retention pass runs.
 *
 * <pre>{@code
 * engine.tasks().addStartTask("deploy start timers", timers::deploy);
 * engine.tasks().addWorkerTask("schedule tick", Duration.ofSeconds(1), schedules::tick);
 * engine.start(); // runs the start task, then the tick every second
 * }</pre>
 */
public final class EngineTasks {
  private final PeriodicTasks periodic;
  private final StartTasks atStart;
  private final RetentionSteps retention;

  EngineTasks(PeriodicTasks periodic, StartTasks atStart, RetentionSteps retention) {
    this.periodic = periodic;
    this.atStart = atStart;
    this.retention = retention;
  }

  /**
   * Runs {@code task} on the engine's task thread every {@code every} (elapsed time) once {@code
   * Engine.start()} was called: schedule ticks, purges. Exceptions are logged and the task runs
   * again later.
   *
   * @throws IllegalArgumentException when {@code every} is not positive
   */
  public void addWorkerTask(String name, Duration every, Runnable task) {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(task, "task");
    if (every == null || every.isNegative() || every.isZero()) {
      throw new IllegalArgumentException(
          "worker task '" + name + "' needs a positive interval, not " + every);
    }
    periodic.add(name, every, task);
  }

  /**
   * Runs {@code task} once in {@code Engine.start()}, after the instances were upgraded and before
   * the workers start (at once when the engine has started already): deploying the machines' start
   * timers, for instance. A task that throws fails {@code start()} and the workers do not start.
   */
  public void addStartTask(String name, Runnable task) {
    atStart.add(Objects.requireNonNull(name, "name"), Objects.requireNonNull(task, "task"));
  }

  /**
   * Runs {@code purge} in each of the engine's retention passes ({@code
   * workers.retention_interval}), after the engine's own tables, on the one node running the pass
   * (never on two at once), with the pass's instant: the schedules' audit of deleted schedules, for
   * instance. It removes what retention no longer keeps in bounded batches and returns how many
   * rows of {@code table} it removed; they count with the engine's tables (the {@code
   * retention.removed} metric, {@code clockwork retention status}). A purge that throws is logged
   * and runs again next pass.
   */
  public void addRetentionStep(String table, ToLongFunction<Instant> purge) {
    retention.add(Objects.requireNonNull(table, "table"), Objects.requireNonNull(purge, "purge"));
  }
}
