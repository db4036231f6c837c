package dev.clockwork.runtime;

import dev.clockwork.runtime.internal.worker.PeriodicTasks;
import dev.clockwork.runtime.internal.worker.StartTasks;
import java.time.Duration;
import java.util.Objects;

/**
 * Work that modules extending an engine (schedules, retention) hand it: tasks its task thread runs
 * every so often, and tasks it runs once when it starts.
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

  EngineTasks(PeriodicTasks periodic, StartTasks atStart) {
    this.periodic = periodic;
    this.atStart = atStart;
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
}
