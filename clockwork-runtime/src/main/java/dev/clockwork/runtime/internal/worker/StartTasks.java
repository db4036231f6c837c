package dev.clockwork.runtime.internal.worker;

import java.util.ArrayList;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Work an engine does once when it starts, before its workers claim anything: deploying start
 * timers. A task added after the start runs at once, so it is never missed.
 */
public final class StartTasks {
  private static final Logger LOG = LoggerFactory.getLogger(StartTasks.class);

  private final List<Task> tasks = new ArrayList<>();
  private boolean started;

  private record Task(String name, Runnable body) {}

  /** Adds a task; runs it now when the engine has started already. */
  public void add(String name, Runnable body) {
    synchronized (this) {
      if (!started) {
        tasks.add(new Task(name, body));
        return;
      }
    }
    run(new Task(name, body));
  }

  /** Runs every task added so far, in order; from then on tasks run as they are added. */
  public void runAll() {
    List<Task> pending;
    synchronized (this) {
      started = true;
      pending = List.copyOf(tasks);
    }
    pending.forEach(StartTasks::run);
  }

  private static void run(Task task) {
    LOG.debug("start task {}", task.name());
    task.body().run();
  }
}
