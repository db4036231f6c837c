package dev.clockwork.chaos.worker;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The fleet with {@code sleep} processes for workers: a pause aimed at a worker killed a moment ago
 * stops a live one instead of failing (a pause that fails is a fault not applied, and the run
 * proves nothing).
 */
class WorkerFleetTest {
  @TempDir Path logs;

  /** Every process launched, by worker name, in order. */
  private final Map<String, List<Process>> launched = new ConcurrentHashMap<>();

  private Process sleep(String name) throws IOException {
    Process process = new ProcessBuilder("sleep", "120").start();
    launched.computeIfAbsent(name, n -> new CopyOnWriteArrayList<>()).add(process);
    return process;
  }

  @Test
  void aPauseAimedAtADeadWorkerStopsTheNextLiveOne() throws Exception {
    WorkerFleet.Launcher onceEach =
        name -> {
          if (launched.containsKey(name)) {
            throw new IOException(name + " is not started again in this test");
          }
          return sleep(name);
        };
    try (WorkerFleet fleet = new WorkerFleet(logs, onceEach)) {
      fleet.start(2);
      fleet.kill(0);
      await().until(() -> !launched.get("w1").get(0).isAlive());

      WorkerFleet.Paused paused = fleet.pause(0);

      assertThat(paused.name()).isEqualTo("w2");
      assertThat(paused.process()).isSameAs(launched.get("w2").get(0));
      assertThat(fleet.pauses()).isEqualTo(1);
      assertThat(fleet.resume(paused)).isEqualTo("kill -CONT " + paused);
    }
  }

  @Test
  void aPauseSkipsAWorkerThatExitsBetweenTheLookAndTheSignal() throws Exception {
    Process gone = new ProcessBuilder("true").start();
    gone.waitFor(); // reaped: kill -STOP of its pid fails, as for a worker killed a moment ago
    WorkerFleet.Launcher exitingFirst =
        name -> name.equals("w1") ? new ExitsWhenSignalled(gone) : sleep(name);
    try (WorkerFleet fleet = new WorkerFleet(logs, exitingFirst)) {
      fleet.start(2);

      WorkerFleet.Paused paused = fleet.pause(0);

      assertThat(paused.name()).isEqualTo("w2");
      assertThat(fleet.pauses()).isEqualTo(1);
      assertThat(fleet.resume(paused)).isEqualTo("kill -CONT " + paused);
    }
  }

  /** Alive until its pid is asked for (to signal it), as a process that has just been reaped. */
  private static final class ExitsWhenSignalled extends Process {
    private final Process exited;
    private volatile boolean signalled;

    ExitsWhenSignalled(Process exited) {
      this.exited = exited;
    }

    @Override
    public long pid() {
      signalled = true;
      return exited.pid();
    }

    @Override
    public boolean isAlive() {
      return !signalled;
    }

    @Override
    public OutputStream getOutputStream() {
      return exited.getOutputStream();
    }

    @Override
    public InputStream getInputStream() {
      return exited.getInputStream();
    }

    @Override
    public InputStream getErrorStream() {
      return exited.getErrorStream();
    }

    @Override
    public int waitFor() throws InterruptedException {
      return exited.waitFor();
    }

    @Override
    public int exitValue() {
      return exited.exitValue();
    }

    @Override
    public void destroy() {
      signalled = true;
    }
  }

  @Test
  void aPauseWithEveryWorkerDeadWaitsForTheWatcherToStartOne() throws Exception {
    try (WorkerFleet fleet = new WorkerFleet(logs, this::sleep)) {
      fleet.start(1);
      fleet.kill(0);
      await().until(() -> !launched.get("w1").get(0).isAlive());

      WorkerFleet.Paused paused = fleet.pause(0);

      assertThat(launched.get("w1")).hasSize(2);
      assertThat(paused.process()).isSameAs(launched.get("w1").get(1));
      assertThat(fleet.restarts()).isEqualTo(1);
    }
  }
}
