package dev.clockwork.schedule;

import static org.assertj.core.api.Assertions.assertThat;

import dev.clockwork.runtime.Engine;
import dev.clockwork.runtime.clock.VirtualClock;
import dev.clockwork.runtime.store.Store;
import dev.clockwork.schedule.definition.OverlapPolicy;
import dev.clockwork.schedule.error.ConcurrentScheduleUpdateException;
import dev.clockwork.schedule.error.ScheduleDeletedException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Two ticking nodes and an operator who pauses, resumes, updates, triggers and deletes the same
 * schedules while they tick, minute after minute of virtual time: afterwards every run has exactly
 * one recorded trigger, every recorded trigger its run, and no occurrence two runs. Subclass once
 * per store. {@code -Drace.minutes=600} plays ten times as many minutes.
 */
public abstract class TriggerRecordRaceContractTest {
  static final Instant START = Instant.parse("2026-03-01T10:00:30Z");
  static final int MINUTES = Integer.getInteger("race.minutes", 60);
  static final int COMMANDS_PER_MINUTE = 3;

  /** The schedules: every policy that starts runs, over runs that end at once or never. */
  static final Map<String, OverlapPolicy> PULSES =
      Map.of(
          "pulse-allow-all", OverlapPolicy.ALLOW_ALL,
          "pulse-skip", OverlapPolicy.SKIP,
          "pulse-buffer-one", OverlapPolicy.BUFFER_ONE);

  static final Map<String, OverlapPolicy> JOBS =
      Map.of("job-skip", OverlapPolicy.SKIP, "job-allow-all", OverlapPolicy.ALLOW_ALL);

  final VirtualClock clock = VirtualClock.at(START);
  final List<Engine> engines = new ArrayList<>();
  final ExecutorService pool = Executors.newFixedThreadPool(3);
  ScheduleStorage storage;

  /** An empty database. */
  protected abstract ScheduleStorage newStorage();

  record Node(Schedules schedules, Engine engine, Store instances) {}

  @BeforeEach
  void open() {
    storage = newStorage();
  }

  @AfterEach
  void close() {
    pool.shutdownNow();
    engines.forEach(Engine::close);
    storage.close();
  }

  Node node(String owner) {
    Store instances = storage.instances();
    Engine engine =
        Engine.builder()
            .clock(clock)
            .store(instances)
            .register(ScheduleFixture.JOB, ScheduleFixture.PULSE)
            .settings(s -> s.workers(w -> w.owner(owner)))
            .build();
    engines.add(engine);
    Schedules schedules =
        Schedules.builder(engine)
            .store(storage.schedules(instances))
            .options(o -> o.owner(owner))
            .build();
    return new Node(schedules, engine, instances);
  }

  @Test
  void twoTickingNodesAndAnOperatorNeverLeaveARunWithoutItsTrigger() throws Exception {
    Node a = node("node-a");
    Node b = node("node-b");
    Node operator = node("operator");
    PULSES.forEach((id, policy) -> create(operator, id, "pulse", policy));
    JOBS.forEach((id, policy) -> create(operator, id, "job", policy));
    List<String> ids = new ArrayList<>(PULSES.keySet());
    ids.addAll(JOBS.keySet());
    ids.sort(null);

    CyclicBarrier together = new CyclicBarrier(3);
    for (int minute = 1; minute <= MINUTES; minute++) {
      clock.moveTo(START.plus(Duration.ofMinutes(minute)));
      Random random = new Random(minute);
      int now = minute;
      Future<?> first = pool.submit(() -> tick(a, together));
      Future<?> second = pool.submit(() -> tick(b, together));
      Future<?> third = pool.submit(() -> operate(operator.schedules, ids, random, now, together));
      first.get();
      second.get();
      third.get();
    }

    for (String id : ids) {
      TriggerRecords.assertEveryRunHasItsTrigger(
          operator.schedules, operator.engine, operator.instances, id, "pulse", "job");
    }
    assertThat(operator.instances.instances().instanceIds("job"))
        .filteredOn(run -> run.startsWith("schedule:job-skip:"))
        .as("runs of a skip schedule whose runs never end")
        .hasSizeLessThan(2);
  }

  private static void create(Node node, String id, String machine, OverlapPolicy policy) {
    node.schedules.create(
        ScheduleRequest.builder(id)
            .startMachine(machine, Map.of())
            .cron("* * * * *")
            .overlapPolicy(policy)
            .build());
  }

  private static Void tick(Node node, CyclicBarrier together) throws Exception {
    together.await();
    node.schedules.tick();
    return null;
  }

  /** A few commands on random schedules; at minute 40 one schedule is deleted for good. */
  private static Void operate(
      Schedules operator, List<String> ids, Random random, int minute, CyclicBarrier together)
      throws Exception {
    together.await();
    for (int i = 0; i < COMMANDS_PER_MINUTE; i++) {
      String id = ids.get(random.nextInt(ids.size()));
      try {
        switch (random.nextInt(6)) {
          case 0 -> operator.pause(id, "maintenance");
          case 1 -> operator.resume(id);
          case 2 -> operator.update(id, ScheduleUpdate.builder().notes("note " + minute).build());
          case 3 ->
              operator.update(
                  id,
                  ScheduleUpdate.builder()
                      .cron(random.nextBoolean() ? "* * * * *" : "*/2 * * * *")
                      .build());
          case 4 -> operator.trigger(id);
          default -> operator.resume(id);
        }
      } catch (ScheduleDeletedException | ConcurrentScheduleUpdateException refused) {
        // an operator may lose too; the invariant holds either way
      }
    }
    if (minute == 40) {
      operator.delete(ids.get(minute % ids.size()));
    }
    return null;
  }
}
