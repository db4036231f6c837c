package dev.clockwork.chaos.worker;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.io.IOException;
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
