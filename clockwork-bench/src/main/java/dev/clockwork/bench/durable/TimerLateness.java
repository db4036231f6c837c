package dev.clockwork.bench.durable;

import dev.clockwork.bench.harness.BenchDatabase;
import dev.clockwork.bench.harness.BenchPostgres;
import dev.clockwork.bench.harness.CpuMeter;
import dev.clockwork.bench.harness.EngineProbe;
import dev.clockwork.bench.harness.StatementProfile;
import dev.clockwork.postgres.PostgresStore;
import dev.clockwork.runtime.Engine;
import dev.clockwork.runtime.instance.NewInstance;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Timer lateness at a steady fire rate: {@code rate × seconds} instances whose timers fall due one
 * every 1/rate seconds, starting a few seconds after they are seeded; the engine of the {@link
 * EngineConfig} (started with {@code Engine.start()}) fires them. Lateness is what the engine
 * reports of each fire: its due instant → the commit that applied it.
 */
final class TimerLateness {
  record Result(
      int rate,
      int seconds,
      long timers,
      double achievedRate,
      EngineConfig config,
      int cap,
      EngineProbe probe,
      CpuMeter.Use cpu,
      StatementProfile statements) {}

  private final BenchPostgres server;
  private final Clock clock = Clock.systemUTC();

  TimerLateness(BenchPostgres server) {
    this.server = server;
  }

  /**
   * @param seedRate instances the seed clones per second (to start the first due after the seed)
   */
  Result run(EngineConfig config, int rate, int seconds, double seedRate)
      throws InterruptedException {
    long timers = (long) rate * seconds;
    long stepMicros = 1_000_000L / rate;
    EngineProbe probe = new EngineProbe();
    AtomicReference<Instant> lastFire = new AtomicReference<>();
    probe.tap(
        e ->
            lastFire.accumulateAndGet(
                e.committedAt(), (a, b) -> a == null || b.isAfter(a) ? b : a));
    String name = "lateness_" + rate + "_" + config.label();
    server.drop(name);
    try (BenchDatabase database = server.create(name)) {
      Instant base;
      long end;
      int cap;
      CpuMeter.Use used;
      try (PostgresStore store = database.store()) {
        Engine engine = config.engine(store, BenchMachines.timed(), probe);
        cap = engine.settings().queue(BenchMachines.TIMED).concurrency();
        TimerSeed seed = new TimerSeed(database);
        double expectedSeed = Double.isNaN(seedRate) ? 20 : timers / seedRate;
        base = clock.instant().plusMillis((long) (5_000 + 2_000 * expectedSeed));
        Instant first = base;
        server.setUp(
            () -> {
              engine.create(
                  NewInstance.of(BenchMachines.TIMED)
                      .id("template")
                      .input(Map.of(BenchMachines.AT, "2099-01-01T00:00:00Z")));
              return seed.clone("template", "late-", 1, timers, first, stepMicros);
            });
        seed.remove("template");
        database.settle();
        if (clock.instant().isAfter(base)) {
          throw new IllegalStateException(
              "seeding took longer than planned; the first timer is late");
        }
        CpuMeter cpu = server.cpu();
        engine.start();
        try {
          // the CPU figures cover the firing, not the idle wait for the first due timer
          Thread.sleep(Math.max(0, Duration.between(clock.instant(), base).toMillis()));
          CpuMeter.Reading before = cpu.read();
          end = probe.awaitSettled(timers, Duration.ofSeconds(seconds).plusMinutes(5));
          used = cpu.read().since(before);
        } finally {
          engine.close();
        }
      }
      if (end < 0) {
        throw new IllegalStateException("fired " + probe.fires() + " of " + timers);
      }
      StatementProfile statements = StatementProfile.read(database.harness());
      double fireSpan = Duration.between(base, lastFire.get()).toNanos() / 1e9;
      return new Result(
          rate, seconds, timers, timers / fireSpan, config, cap, probe, used, statements);
    } finally {
      server.drop(name);
    }
  }
}
