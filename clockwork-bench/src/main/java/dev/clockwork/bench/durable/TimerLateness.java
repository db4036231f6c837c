package dev.clockwork.bench.durable;

import dev.clockwork.postgres.PostgresStore;
import dev.clockwork.runtime.Engine;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Timer lateness at a steady fire rate: {@code rate × seconds} instances whose timers fall due one
 * every 1/rate seconds, starting a few seconds after they are seeded; the engine's workers (default
 * options) sweep and fire them. Lateness is the wall-clock time from a timer's due instant to the
 * return of the commit that applied its fire.
 */
final class TimerLateness {
  record Result(
      int rate,
      int seconds,
      long timers,
      Samples lateness,
      double achievedRate,
      long backpressureWaits,
      Duration sweepInterval) {}

  private final BenchPostgres server;
  private final Clock clock = Clock.systemUTC();

  TimerLateness(BenchPostgres server) {
    this.server = server;
  }

  /**
   * @param seedRate instances the seed clones per second (to start the first due after the seed)
   */
  Result run(int rate, int seconds, double seedRate) throws InterruptedException {
    long timers = (long) rate * seconds;
    long stepMicros = 1_000_000L / rate;
    Samples lateness = new Samples();
    AtomicReference<Instant> lastFire = new AtomicReference<>();
    server.drop("lateness");
    try (BenchDatabase database = server.create("lateness");
        PostgresStore store = database.store()) {
      MeasuredStore measured = new MeasuredStore(store);
      Engine engine =
          Engine.builder()
              .store(measured.store())
              .clock(clock)
              .register(BenchMachines.timed())
              .build();
      TimerSeed seed = new TimerSeed(database);
      double expectedSeed = Double.isNaN(seedRate) ? 20 : timers / seedRate;
      Instant base = clock.instant().plusMillis((long) (5_000 + 2_000 * expectedSeed));
      measured.observe(
          (commit, nanos) -> {
            String id = commit.next().id();
            if (id.startsWith("late-") && !commit.consumed().isEmpty()) {
              Instant due = TimerSeed.due(base, Long.parseLong(id.substring(5)), stepMicros);
              Instant fired = clock.instant();
              lateness.add(Duration.between(due, fired).toNanos());
              lastFire.accumulateAndGet(fired, (a, b) -> a == null || b.isAfter(a) ? b : a);
            }
          });
      server.setUp(
          () -> {
            engine.create(
                BenchMachines.TIMED, "template", Map.of(BenchMachines.AT, "2099-01-01T00:00:00Z"));
            return seed.clone("template", "late-", 1, timers, base, stepMicros);
          });
      seed.remove("template");
      database.settle();
      if (clock.instant().isAfter(base)) {
        throw new IllegalStateException(
            "seeding took longer than planned; the first timer is late");
      }
      long end;
      long waits;
      try (BenchWorkers workers = BenchWorkers.start(engine)) {
        end = measured.awaitConsumed(timers, Duration.ofSeconds(seconds).plusMinutes(5));
        waits = workers.backpressureWaits();
      }
      if (end < 0) {
        throw new IllegalStateException("fired " + measured.consumed() + " of " + timers);
      }
      double fireSpan = Duration.between(base, lastFire.get()).toNanos() / 1e9;
      return new Result(
          rate,
          seconds,
          timers,
          lateness,
          timers / fireSpan,
          waits,
          engine.options().sweepInterval());
    } finally {
      server.drop("lateness");
    }
  }
}
