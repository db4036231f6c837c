package dev.clockwork.bench.durable;

import dev.clockwork.bench.harness.BenchDatabase;
import dev.clockwork.bench.harness.BenchPostgres;
import dev.clockwork.bench.harness.CpuMeter;
import dev.clockwork.bench.harness.EngineProbe;
import dev.clockwork.bench.harness.Parallel;
import dev.clockwork.bench.harness.StatementProfile;
import dev.clockwork.bench.harness.TableProfile;
import dev.clockwork.core.event.Event;
import dev.clockwork.postgres.PostgresStore;
import dev.clockwork.runtime.Engine;
import dev.clockwork.runtime.instance.NewInstance;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Enqueue then drain. {@code instances × events} STEP events are enqueued through the engine once,
 * into a seed database (set-up, not measured); each run drains a file-level copy of it with {@code
 * engines} engines (nodes, each with its own store and pool) of {@code threads} worker threads,
 * started with {@code Engine.start()}; the clock runs until the last event's commit was reported to
 * the {@link EngineProbe}. Checked afterwards: every instance applied its events 1…n in order, no
 * event is left, none was dead-lettered.
 */
final class ClockworkThroughput {
  static final String SEED = "throughput_seed";

  /** The set-up: instances created and events enqueued per second through the engine. */
  record Seed(double createPerSecond, double enqueuePerSecond) {}

  /**
   * @param drainSeconds from the first {@code start()} until the last event's commit was reported
   * @param startSeconds how much of it the {@code Engine.start()} calls took
   */
  record Result(
      EngineConfig config,
      int cap,
      boolean flushed,
      long events,
      double startSeconds,
      double drainSeconds,
      EngineProbe probe,
      CpuMeter.Use cpu,
      StatementProfile statements,
      TableProfile tables,
      String verification,
      boolean correct) {
    double eventsPerSecond() {
      return events / drainSeconds;
    }
  }

  private final BenchPostgres server;
  private final DurableCommand settings;

  ClockworkThroughput(BenchPostgres server, DurableCommand settings) {
    this.server = server;
    this.settings = settings;
  }

  /** Creates the seed database: instances and their queued events, through the engine. */
  Seed seed() {
    return server.setUp(this::createSeed);
  }

  private Seed createSeed() {
    int instances = settings.instances();
    int perInstance = settings.eventsPerInstance;
    try (BenchDatabase database = server.create(SEED);
        PostgresStore store = database.store()) {
      Engine engine = new EngineConfig(1, 1).engine(store, BenchMachines.counter(), null);
      double create =
          Parallel.forEach(
              settings.setupThreads,
              instances,
              i -> engine.create(NewInstance.of(BenchMachines.COUNTER).id(id(i))));
      // round-robin: event n of every instance before event n + 1 of any; each instance's
      // events from one thread, in order
      double enqueue =
          Parallel.run(
              settings.setupThreads,
              k -> {
                for (int n = 1; n <= perInstance; n++) {
                  for (int i = k; i < instances; i += settings.setupThreads) {
                    engine.enqueue(id(i), Event.of(BenchMachines.STEP, Map.of(BenchMachines.N, n)));
                  }
                }
              });
      return new Seed(instances / create, (double) instances * perInstance / enqueue);
    }
  }

  /** Drains a copy of the seed with {@code config}. */
  Result run(EngineConfig config) throws InterruptedException {
    return run(config, "throughput");
  }

  private Result run(EngineConfig config, String prefix) throws InterruptedException {
    String name = prefix + "_" + config.label() + (server.flushing() ? "" : "_nf");
    server.drop(name);
    long events = (long) settings.instances() * settings.eventsPerInstance;
    EngineProbe probe = new EngineProbe();
    try (BenchDatabase database = server.copy(SEED, name)) {
      List<PostgresStore> stores = new ArrayList<>();
      List<Engine> engines = new ArrayList<>();
      long start;
      long started;
      long end;
      int cap;
      CpuMeter cpu = server.cpu();
      CpuMeter.Reading before;
      CpuMeter.Use used = null;
      try {
        for (int e = 0; e < config.engines(); e++) {
          PostgresStore store = database.store();
          stores.add(store);
          engines.add(
              config.engine(store, BenchMachines.counter(), probe, backpressureThreshold(events)));
        }
        cap = engines.get(0).settings().queue(BenchMachines.COUNTER).concurrency();
        database.settle();
        start = System.nanoTime();
        before = cpu.read();
        engines.forEach(Engine::start);
        started = System.nanoTime();
        end = probe.awaitSettled(events, Duration.ofMinutes(10));
        used = cpu.read().since(before);
      } finally {
        engines.forEach(Engine::close);
        stores.forEach(PostgresStore::close);
      }
      if (end < 0) {
        throw new IllegalStateException(
            String.format(
                "drain did not finish in 10 minutes: %,d of %,d events settled",
                probe.settled(), events));
      }
      // read once the stores' connections are closed: they report their table counters on exit
      StatementProfile statements =
          StatementProfile.read(database.harness()).withPlans(database, 4);
      TableProfile tables = TableProfile.read(database.harness());
      String verification = verify(database);
      return new Result(
          config,
          cap,
          server.flushing(),
          events,
          (started - start) / 1e9,
          (end - start) / 1e9,
          probe,
          used,
          statements,
          tables,
          verification,
          verification.startsWith("OK"));
    } finally {
      server.drop(name);
    }
  }

  /**
   * The drains start with every event queued: {@code instances × events} (100,000 at full scale) is
   * over the default backpressure threshold (10,000), under which ~90 % of claims would take the
   * queued-events-only claim and every sweep would count the queue. The drains measure the path of
   * a system below the threshold, so it is raised above the seed (the seed, kept so the
   * figures stay comparable with its anchors).
   */
  static long backpressureThreshold(long queuedEvents) {
    return 2 * queuedEvents;
  }

  /**
   * Drains a copy of the seed with {@code config} and forgets it: the JVM compiles the engine's hot
   * path here instead of in the first measured configuration (~40 % of its engine CPU otherwise).
   */
  void warmUp(EngineConfig config) throws InterruptedException {
    Result warm = run(config, "warmup");
    if (!warm.correct()) {
      throw new IllegalStateException("the warm-up drain went wrong: " + warm.verification());
    }
  }

  static String id(int i) {
    return String.format("counter-%06d", i);
  }

  /** Checks order and completeness in the database; "OK: …" or what is wrong. */
  private String verify(BenchDatabase database) {
    int instances = settings.instances();
    int perInstance = settings.eventsPerInstance;
    long inOrder =
        database.queryLong(
            """
            SELECT count(*) FROM cw_instances
             WHERE machine = 'counter' AND (context->>'seen')::int = ?
               AND context->'disorder' IS NULL
            """,
            perInstance);
    long histories =
        database.queryLong(
            """
            SELECT count(*) FROM (
                   SELECT array_agg((payload->>'n')::int ORDER BY seq) AS ns
                     FROM cw_history WHERE kind = 'EVENT' AND event = 'STEP'
                    GROUP BY instance_id) h
             WHERE h.ns = (SELECT array_agg(g ORDER BY g) FROM generate_series(1, ?) g)
            """,
            perInstance);
    long pending = database.queryLong("SELECT count(*) FROM cw_queue");
    long dead = database.queryLong("SELECT count(*) FROM cw_dead_letters");
    boolean ok = inOrder == instances && histories == instances && pending == 0 && dead == 0;
    return String.format(
        "%s: %,d of %,d instances saw 1..%d in order (context), %,d histories read 1..%d in"
            + " sequence order, %d events left, %d dead letters",
        ok ? "OK" : "WRONG",
        inOrder,
        instances,
        perInstance,
        histories,
        perInstance,
        pending,
        dead);
  }
}
