package dev.clockwork.bench.queues;

import dev.clockwork.bench.harness.BenchDatabase;
import dev.clockwork.bench.harness.BenchPostgres;
import dev.clockwork.bench.harness.CpuMeter;
import dev.clockwork.bench.harness.EngineProbe;
import dev.clockwork.bench.harness.LeasePeaks;
import dev.clockwork.bench.harness.StatementProfile;
import dev.clockwork.postgres.PostgresStore;
import dev.clockwork.runtime.Engine;
import java.time.Duration;
import java.util.Map;
import java.util.function.Function;
import java.util.function.Predicate;

/**
 * One measured drain: a file-level copy of a seed database, an engine on it started with {@code
 * Engine.start()} (without the upgrade pass: the seeded instances run the latest version), and the
 * clock running until the engine reported every queued event applied or dead-lettered. Checked
 * afterwards by the caller, on the copy, before it is dropped.
 */
final class Drain {
  private static final Duration LIMIT = Duration.ofMinutes(5);

  /**
   * What to drain and how to tell it is done.
   *
   * @param seed the seed database to copy
   * @param engine configures the engine (machines, settings, threads) on a builder that already has
   *     the copy's store and the drain's listener
   * @param running counts the actions of the engine's machines
   * @param events the events queued in the seed, applied or dead-lettered by the end
   * @param watched instances whose events are timed on their own
   * @param countLeases whether the database counts the leases each machine holds at once ({@link
   *     LeasePeaks}: a trigger per lease taken, so only where a cap is what is measured)
   */
  record Plan(
      String seed,
      Function<Engine.Builder, Engine.Builder> engine,
      Running running,
      long events,
      Predicate<String> watched,
      boolean countLeases) {}

  /**
   * @param seconds from {@code start()} until the last event's report
   * @param watchedSeconds from {@code start()} until the last report of a watched instance's event
   * @param peaks the most actions of each machine that ran at once
   * @param leasePeaks the most leases each machine held at once, when the plan counted them
   * @param probe what the engine's listener heard: claims, commits, outcomes
   * @param cpu the CPU time the engine's JVM and PostgreSQL spent over the drain
   * @param statements where the database time went (pg_stat_statements over the drain)
   * @param check what the caller's check found on the drained copy
   */
  record Result(
      long events,
      double seconds,
      long watchedEvents,
      double watchedSeconds,
      Map<String, Integer> peaks,
      Map<String, Integer> leasePeaks,
      EngineProbe probe,
      CpuMeter.Use cpu,
      StatementProfile statements,
      String check) {
    double eventsPerSecond() {
      return events / seconds;
    }

    double watchedPerSecond() {
      return watchedEvents / watchedSeconds;
    }

    /** The engine's calls and the CPU time of the drain, for a report line. */
    String describe() {
      return probe.describeCalls() + "; CPU " + cpu.brief();
    }

    long deadLettered() {
      return probe.deadLettered();
    }

    boolean correct() {
      return check.startsWith("OK");
    }
  }

  private final BenchPostgres server;

  Drain(BenchPostgres server) {
    this.server = server;
  }

  /** Drains a copy of {@code plan.seed()} named {@code name}, then checks it with {@code check}. */
  Result run(Plan plan, String name, Function<BenchDatabase, String> check)
      throws InterruptedException {
    server.drop(name);
    EngineProbe probe = new EngineProbe(plan.watched());
    try (BenchDatabase database = server.copy(plan.seed(), name)) {
      long start;
      long end;
      CpuMeter cpu = server.cpu();
      CpuMeter.Reading before;
      CpuMeter.Use used;
      try (PostgresStore store = database.store()) {
        Engine engine =
            plan.engine()
                .apply(
                    Engine.builder()
                        .store(store)
                        .listener(probe)
                        .settings(s -> s.workers(w -> w.upgradeOnStart(false))))
                .build();
        if (plan.countLeases()) {
          LeasePeaks.install(database);
        }
        database.settle();
        start = System.nanoTime();
        before = cpu.read();
        engine.start();
        try {
          end = probe.awaitSettled(plan.events(), LIMIT);
          used = cpu.read().since(before);
        } finally {
          engine.close();
        }
      }
      if (end < 0) {
        throw new IllegalStateException(
            String.format(
                "%s did not drain in %d minutes: %,d applied and %,d dead-lettered of %,d events",
                name, LIMIT.toMinutes(), probe.applied(), probe.deadLettered(), plan.events()));
      }
      return new Result(
          plan.events(),
          (end - start) / 1e9,
          probe.watchedApplied(),
          (probe.lastWatchedNanos() - start) / 1e9,
          plan.running().most(),
          plan.countLeases() ? LeasePeaks.read(database) : Map.of(),
          probe,
          used,
          // read once the store's connections are closed
          StatementProfile.read(database.harness()),
          check.apply(database));
    } finally {
      server.drop(name);
    }
  }
}
