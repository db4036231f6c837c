package dev.clockwork.bench.durable;

import dev.clockwork.bench.harness.BenchDatabase;
import dev.clockwork.bench.harness.BenchPostgres;
import dev.clockwork.bench.harness.EngineProbe;
import dev.clockwork.bench.harness.Parallel;
import dev.clockwork.bench.harness.Samples;
import dev.clockwork.core.event.Event;
import dev.clockwork.postgres.PostgresStore;
import dev.clockwork.runtime.Engine;
import dev.clockwork.runtime.instance.NewInstance;
import dev.clockwork.runtime.listener.ProcessedEvent;
import dev.clockwork.runtime.queue.QueuedEvent;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLongArray;
import java.util.concurrent.locks.LockSupport;

/**
 * Enqueue → committed transition: from the call to {@code Engine.enqueue} until the engine reported
 * the event processed (its listeners are told once the commit is written). Idle: one event at a
 * time, 5–25 ms apart, so the engine is waiting for work each time; each event's time is split by
 * the instants its {@link ProcessedEvent} carries. Under load: producers enqueue at a steady rate
 * for a while and every event is measured. Default engine options.
 */
final class Latency {
  static final int PRODUCERS = 8;

  /** The idle events' time, phase by phase. */
  record Phase(String name, Samples nanos) {}

  record Result(
      Samples idle,
      List<Phase> phases,
      Samples loaded,
      double targetRate,
      double achievedRate,
      int threads,
      EngineProbe idleProbe) {}

  private final BenchPostgres server;
  private final DurableCommand settings;
  private final Clock clock = Clock.systemUTC();
  private final Map<Long, Long> reported = new ConcurrentHashMap<>();
  private final Map<Long, ProcessedEvent> events = new ConcurrentHashMap<>();
  private final Object commits = new Object();

  Latency(BenchPostgres server, DurableCommand settings) {
    this.server = server;
    this.settings = settings;
  }

  /**
   * @param loadRate events per second the producers aim at under load
   */
  Result run(double loadRate) throws InterruptedException {
    int instances = settings.latencyInstances();
    AtomicLongArray nextStep = new AtomicLongArray(instances);
    EngineProbe probe = new EngineProbe();
    probe.tap(
        event -> {
          if (event.eventId() > 0) {
            reported.put(event.eventId(), System.nanoTime());
            events.put(event.eventId(), event);
            synchronized (commits) {
              commits.notifyAll();
            }
          }
        });
    server.drop("latency");
    try (BenchDatabase database = server.create("latency");
        PostgresStore store = database.store()) {
      Engine engine =
          new EngineConfig(1, DurableCommand.DEFAULTS.threads())
              .engine(store, BenchMachines.counter(), probe);
      server.setUp(
          () ->
              Parallel.forEach(
                  settings.setupThreads,
                  instances,
                  i ->
                      engine.create(
                          NewInstance.of(BenchMachines.COUNTER).id(ClockworkThroughput.id(i)))));
      database.settle();
      engine.start();
      try {
        Thread.sleep(1000);
        Map<Long, Instant> called = new ConcurrentHashMap<>();
        Samples idle = idle(engine, nextStep, instances, called);
        List<Phase> phases = phases(called);
        Samples loaded = new Samples();
        double achieved = loaded(engine, nextStep, instances, loadRate, loaded);
        return new Result(
            idle, phases, loaded, loadRate, achieved, DurableCommand.DEFAULTS.threads(), probe);
      } finally {
        engine.close();
      }
    } finally {
      server.drop("latency");
    }
  }

  private Samples idle(
      Engine engine, AtomicLongArray nextStep, int instances, Map<Long, Instant> called)
      throws InterruptedException {
    Samples samples = new Samples();
    Random random = new Random(42);
    for (int s = 0; s < settings.idleSamples(); s++) {
      int i = random.nextInt(instances);
      Instant at = clock.instant();
      long start = System.nanoTime();
      QueuedEvent queued = enqueue(engine, nextStep, i);
      called.put(queued.id(), at);
      long done = awaitReport(queued.id(), Duration.ofSeconds(10));
      samples.add(done - start);
      Thread.sleep(5 + random.nextInt(21));
    }
    return samples;
  }

  /** Each idle event's time, split by the engine clock's instants of its report. */
  private List<Phase> phases(Map<Long, Instant> called) {
    Phase lookup =
        new Phase(
            "Engine.enqueue called → the event's enqueue instant (the instance lookup)",
            new Samples());
    Phase waited =
        new Phase(
            "enqueued → its macrostep starts (store insert + commit, wake-up, claim)",
            new Samples());
    Phase step = new Phase("the macrostep", new Samples());
    Phase commit =
        new Phase("macrostep done → commit written (group commit, flush)", new Samples());
    for (Map.Entry<Long, Instant> call : called.entrySet()) {
      ProcessedEvent e = events.get(call.getKey());
      if (e == null) {
        continue;
      }
      lookup.nanos().add(Duration.between(call.getValue(), e.readyAt()).toNanos());
      waited.nanos().add(Duration.between(e.readyAt(), e.startedAt()).toNanos());
      step.nanos().add(e.took().toNanos());
      commit.nanos().add(Duration.between(e.startedAt().plus(e.took()), e.committedAt()).toNanos());
    }
    return List.of(lookup, waited, step, commit);
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
    long periodNanos = Duration.ofSeconds(settings.loadSeconds()).toNanos();
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
      long done = awaitReport(entry.getKey(), Duration.ofMinutes(2));
      samples.add(done - entry.getValue());
    }
    return enqueued.size() / seconds;
  }

  private static QueuedEvent enqueue(Engine engine, AtomicLongArray nextStep, int i) {
    long n = nextStep.incrementAndGet(i);
    return engine.enqueue(
        ClockworkThroughput.id(i), Event.of(BenchMachines.STEP, Map.of(BenchMachines.N, n)));
  }

  private long awaitReport(long queueId, Duration timeout) throws InterruptedException {
    long deadline = System.nanoTime() + timeout.toNanos();
    synchronized (commits) {
      Long done;
      while ((done = reported.get(queueId)) == null) {
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
