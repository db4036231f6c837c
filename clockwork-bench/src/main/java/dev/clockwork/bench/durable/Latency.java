package dev.clockwork.bench.durable;

import dev.clockwork.core.event.Event;
import dev.clockwork.postgres.PostgresStore;
import dev.clockwork.runtime.Engine;
import dev.clockwork.runtime.queue.QueuedEvent;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLongArray;
import java.util.concurrent.locks.LockSupport;

/**
 * Enqueue → committed transition: from the call to {@code Engine.enqueue} until the commit that
 * consumed the event returned in a worker (observed by {@link MeasuredStore}). Idle: one event at a
 * time, 5–25 ms apart, so the workers are waiting on LISTEN each time; each event's time is split
 * into the store calls that carried it. Under load: producers enqueue at a steady rate for a while
 * and every event is measured.
 */
final class Latency {
  static final int PRODUCERS = 8;

  /** The idle events' time, phase by phase (from the stamps of {@link MeasuredStore#trace()}). */
  record Phase(String name, Samples nanos) {}

  record Result(
      Samples idle,
      List<Phase> phases,
      Samples loaded,
      double targetRate,
      double achievedRate,
      int workers) {}

  private final BenchPostgres server;
  private final DurableSettings settings;
  private final Map<Long, Long> committed = new ConcurrentHashMap<>();
  private final Object commits = new Object();

  Latency(BenchPostgres server, DurableSettings settings) {
    this.server = server;
    this.settings = settings;
  }

  /**
   * @param loadRate events per second the producers aim at under load
   */
  Result run(int workers, double loadRate) throws InterruptedException {
    int instances = settings.latencyInstances;
    AtomicLongArray nextStep = new AtomicLongArray(instances);
    server.drop("latency");
    try (BenchDatabase database = server.create("latency");
        PostgresStore store = database.store()) {
      MeasuredStore measured = new MeasuredStore(store);
      measured.observe(
          (commit, nanos) -> {
            for (Long id : commit.consumed()) {
              committed.put(id, nanos);
            }
            synchronized (commits) {
              commits.notifyAll();
            }
          });
      Engine engine =
          Engine.builder()
              .store(measured.store())
              .clock(Clock.systemUTC())
              .register(BenchMachines.counter())
              .options(o -> o.workers(workers))
              .build();
      server.setUp(
          () ->
              Parallel.forEach(
                  settings.setupThreads,
                  instances,
                  i -> engine.create(BenchMachines.COUNTER, ClockworkThroughput.id(i), Map.of())));
      database.settle();
      engine.start();
      try {
        Thread.sleep(1000);
        Map<Long, long[]> stamps = measured.trace();
        Map<Long, Long> called = new ConcurrentHashMap<>();
        Samples idle = idle(engine, nextStep, instances, called);
        List<Phase> phases = phases(stamps, called);
        Samples loaded = new Samples();
        double achieved = loaded(engine, nextStep, instances, loadRate, loaded);
        return new Result(idle, phases, loaded, loadRate, achieved, workers);
      } finally {
        engine.close();
      }
    } finally {
      server.drop("latency");
    }
  }

  private Samples idle(
      Engine engine, AtomicLongArray nextStep, int instances, Map<Long, Long> called)
      throws InterruptedException {
    Samples samples = new Samples();
    Random random = new Random(42);
    for (int s = 0; s < settings.idleSamples; s++) {
      int i = random.nextInt(instances);
      long start = System.nanoTime();
      QueuedEvent queued = enqueue(engine, nextStep, i);
      called.put(queued.id(), start);
      long done = awaitCommit(queued.id(), Duration.ofSeconds(10));
      samples.add(done - start);
      Thread.sleep(5 + random.nextInt(21));
    }
    return samples;
  }

  private static List<Phase> phases(Map<Long, long[]> stamps, Map<Long, Long> called) {
    Phase find =
        new Phase("Engine.enqueue before the store call (the instance lookup)", new Samples());
    Phase enqueue = new Phase("store enqueue: INSERT + NOTIFY + commit", new Samples());
    Phase wake =
        new Phase(
            "enqueue returned → a worker's claim starts (wake-up, sweep check)", new Samples());
    Phase claim = new Phase("claim: lease + read the instance's events", new Samples());
    Phase step = new Phase("claim returned → commit starts (the macrostep)", new Samples());
    Phase commit = new Phase("commit: write the step + commit", new Samples());
    for (Map.Entry<Long, Long> event : called.entrySet()) {
      long[] s = stamps.get(event.getKey());
      if (s == null || s[MeasuredStore.CLAIM_START] == 0 || s[MeasuredStore.COMMIT_START] == 0) {
        continue;
      }
      find.nanos().add(s[MeasuredStore.ENQUEUE_START] - event.getValue());
      enqueue.nanos().add(s[MeasuredStore.ENQUEUE_END] - s[MeasuredStore.ENQUEUE_START]);
      wake.nanos().add(s[MeasuredStore.CLAIM_START] - s[MeasuredStore.ENQUEUE_END]);
      claim.nanos().add(s[MeasuredStore.CLAIM_END] - s[MeasuredStore.CLAIM_START]);
      step.nanos().add(s[MeasuredStore.COMMIT_START] - s[MeasuredStore.CLAIM_END]);
      commit.nanos().add(s[MeasuredStore.COMMIT_END] - s[MeasuredStore.COMMIT_START]);
    }
    return List.of(find, enqueue, wake, claim, step, commit);
  }

  /**
   * {@link #PRODUCERS} producers, each on its share of the instances, pace their enqueues to {@code
   * rate} in all for the load period; then every event's latency is read.
   *
   * @return the rate the producers achieved
   */
  private double loaded(
      Engine engine, AtomicLongArray nextStep, int instances, double rate, Samples samples)
      throws InterruptedException {
    long periodNanos = Duration.ofSeconds(settings.loadSeconds).toNanos();
    long intervalNanos = (long) (1e9 * PRODUCERS / rate);
    Map<Long, Long> enqueued = new ConcurrentHashMap<>();
    long begin = System.nanoTime();
    double seconds =
        Parallel.run(
            PRODUCERS,
            k -> {
              long next = begin + k * intervalNanos / PRODUCERS;
              int i = k;
              while (next - begin < periodNanos) {
                LockSupport.parkNanos(next - System.nanoTime());
                long start = System.nanoTime();
                enqueued.put(enqueue(engine, nextStep, i).id(), start);
                i = i + PRODUCERS < instances ? i + PRODUCERS : k;
                next += intervalNanos;
              }
            });
    for (Map.Entry<Long, Long> entry : enqueued.entrySet()) {
      long done = awaitCommit(entry.getKey(), Duration.ofMinutes(2));
      samples.add(done - entry.getValue());
    }
    return enqueued.size() / seconds;
  }

  private static QueuedEvent enqueue(Engine engine, AtomicLongArray nextStep, int i) {
    long n = nextStep.incrementAndGet(i);
    return engine.enqueue(
        ClockworkThroughput.id(i), Event.of(BenchMachines.STEP, Map.of(BenchMachines.N, n)));
  }

  private long awaitCommit(long queueId, Duration timeout) throws InterruptedException {
    long deadline = System.nanoTime() + timeout.toNanos();
    synchronized (commits) {
      Long done;
      while ((done = committed.get(queueId)) == null) {
        long left = deadline - System.nanoTime();
        if (left <= 0) {
          throw new IllegalStateException("event " + queueId + " not committed in " + timeout);
        }
        commits.wait(Math.max(1, left / 1_000_000));
      }
      return done;
    }
  }
}
