package dev.clockwork.bench.durable;

import dev.clockwork.postgres.PostgresStore;
import dev.clockwork.runtime.Engine;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.Set;

/**
 * Armed timers at scale: {@code armed} instances of the timed machine, of which {@code due} are
 * past due and the rest due a day or more later. The clock starts; the harness sweeps the first
 * {@value #PROBE_BATCHES} batches itself, one at a time with nothing else running — before them,
 * after a sweep of one timer, the sweep's due-timer query is also timed in isolation by {@link
 * DueQueryProbe} (off the clock) — then the engine's workers (default options) sweep and fire the
 * rest; the clock stops when the last fire's transition is committed.
 */
final class TimersAtScale {
  static final int PROBE_BATCHES = 10;

  /** The sweep's due-timer query (TimerSweep.DUE), recognised in pg_stat_statements. */
  static final String[] DUE_QUERY = {"FROM cw_timers t JOIN cw_instances i", "SKIP LOCKED"};

  /**
   * @param probeSql statements of the probe batches alone
   * @param sql statements of the whole firing (probes included)
   */
  record Result(
      long armed,
      long due,
      double seedSeconds,
      double fireSeconds,
      DueQueryProbe.Result dueQuery,
      StatementProfile probeSql,
      Samples probeBatches,
      StatementProfile sql,
      TableProfile tables,
      long backpressureWaits,
      String verification,
      boolean correct,
      Boolean seedCheck) {
    /** Mean execution of the due-timer query over the probe sweeps, in milliseconds. */
    double sweptQueryMillis() {
      return probeSql.find(DUE_QUERY).map(s -> s.execMillis() / s.calls()).orElse(Double.NaN);
    }

    /** Shared buffer pages of the due-timer query per probe batch: "hit/read". */
    String dueQueryBlocks() {
      return probeSql
          .find(DUE_QUERY)
          .map(
              s ->
                  String.format(
                      java.util.Locale.ROOT,
                      "%.0f/%.0f",
                      (double) s.blocksHit() / s.calls(),
                      (double) s.blocksRead() / s.calls()))
          .orElse("—");
    }

    double firesPerSecond() {
      return due / fireSeconds;
    }
  }

  private final BenchPostgres server;
  private final Clock clock = Clock.systemUTC();
  private double seedRowsPerSecond = Double.NaN;

  TimersAtScale(BenchPostgres server) {
    this.server = server;
  }

  /** Instances cloned per second by the last seed (for planning the lateness run). */
  double seedRate() {
    return seedRowsPerSecond;
  }

  Result fireAll(long armed, long due, boolean check) throws InterruptedException {
    String name = "timers_" + armed;
    server.drop(name);
    try (BenchDatabase database = server.create(name)) {
      PostgresStore store = database.store();
      MeasuredStore measured = new MeasuredStore(store);
      Engine engine =
          Engine.builder()
              .store(measured.store())
              .clock(clock)
              .register(BenchMachines.timed())
              .build();
      TimerSeed seed = new TimerSeed(database);
      Instant now = clock.instant();
      // due: one a millisecond, the last a minute ago; later: one a millisecond from tomorrow on
      Instant pastBase = now.minus(Duration.ofMillis(due + 60_000));
      Instant laterBase = now.plus(Duration.ofDays(1));
      double seconds =
          server.setUp(
              () -> {
                engine.create(
                    BenchMachines.TIMED,
                    "template",
                    Map.of(BenchMachines.AT, "2099-01-01T00:00:00Z"));
                double s = seed.clone("template", "due-", 1, due, pastBase, 1000);
                return s + seed.clone("template", "later-", 1, armed - due, laterBase, 1000);
              });
      seedRowsPerSecond = armed / seconds;
      Boolean same = null;
      if (check) {
        // an instance the engine creates for the same (future) due as clone later-0000001
        String at = TimerSeed.due(laterBase, 1, 1000).toString();
        engine.create(BenchMachines.TIMED, "check", Map.of(BenchMachines.AT, at));
        same = seed.check(TimerSeed.id("later-", 1), "check");
        seed.remove("check");
      }
      seed.remove("template");
      database.settle();

      long start = System.nanoTime();
      int batch = engine.options().timerBatchSize();
      int probes = (int) Math.min(PROBE_BATCHES, due / batch);
      Set<String> machines = Set.of(BenchMachines.TIMED);
      // one timer first, so the sweep's query text is in pg_stat_statements for the probe
      measured.store().sweepDueTimers(clock.instant(), 1, machines);
      // the isolated query timing is the harness's, not the engine's: off the clock
      long probing = System.nanoTime();
      DueQueryProbe.Result query = DueQueryProbe.run(database, BenchMachines.TIMED, batch, 25);
      database.execute("SELECT pg_stat_statements_reset()");
      measured.sweepBatchNanos = new Samples();
      long probed = System.nanoTime() - probing;
      for (int b = 0; b < probes; b++) {
        measured.store().sweepDueTimers(clock.instant(), batch, machines);
      }
      Samples probeBatches = measured.sweepBatchNanos;
      StatementProfile probeSql = StatementProfile.read(database.harness());
      measured.sweepBatchNanos = new Samples();
      long end;
      long waits;
      try (BenchWorkers workers = BenchWorkers.start(engine)) {
        end = measured.awaitConsumed(due, Duration.ofMinutes(10));
        waits = workers.backpressureWaits();
      } finally {
        // its connections report their table counters as they close
        store.close();
      }
      if (end < 0) {
        throw new IllegalStateException(
            "fired " + measured.consumed() + " of " + due + " due timers in 10 minutes");
      }
      StatementProfile sql = StatementProfile.read(database.harness()).withPlans(database, 4);
      TableProfile tables = TableProfile.read(database.harness());
      long woken =
          database.queryLong(
              "SELECT count(*) FROM cw_instances WHERE active @> '[{\"path\": \"woken\"}]'");
      long stillArmed = database.queryLong("SELECT count(*) FROM cw_timers");
      boolean ok = woken == due && stillArmed == armed - due;
      String verification =
          String.format(
              "%s: %,d instances woken (of %,d due), %,d timers still armed (of %,d not due)",
              ok ? "OK" : "WRONG", woken, due, stillArmed, armed - due);
      return new Result(
          armed,
          due,
          seconds,
          (end - start - probed) / 1e9,
          query,
          probeSql,
          probeBatches,
          sql,
          tables,
          waits,
          verification,
          ok,
          same);
    } finally {
      server.drop(name);
    }
  }
}
