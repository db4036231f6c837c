package dev.clockwork.bench.durable;

import dev.clockwork.bench.harness.BenchDatabase;
import dev.clockwork.bench.harness.BenchPostgres;
import dev.clockwork.bench.harness.CpuMeter;
import dev.clockwork.bench.harness.EngineProbe;
import dev.clockwork.bench.harness.StatementProfile;
import dev.clockwork.bench.harness.TableProfile;
import dev.clockwork.postgres.PostgresStore;
import dev.clockwork.runtime.Engine;
import dev.clockwork.runtime.instance.NewInstance;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * Armed timers at scale: {@code armed} instances of the timed machine, of which {@code due} are
 * past due and the rest due a day or more later. The engine of the {@link EngineConfig} ({@code
 * Engine.start()} without the upgrade pass: a million seeded instances) fires the due ones; the
 * clock runs from {@code start()} until the last fire's commit is reported. The claim's due query,
 * recognised in {@code pg_stat_statements}, says whether its cost follows the due instances or the
 * armed ones.
 */
final class TimersAtScale {
  /**
   * The claim (its range scan of due instances, Claims.DUE, and the lease insert), recognised in
   * pg_stat_statements.
   */
  static final String[] DUE_QUERY = {"INSERT INTO cw_leases", "next_due_at <=", "SKIP LOCKED"};

  record Result(
      EngineConfig config,
      long armed,
      long due,
      double seedSeconds,
      double fireSeconds,
      EngineProbe probe,
      CpuMeter.Use cpu,
      StatementProfile sql,
      TableProfile tables,
      String verification,
      boolean correct,
      Boolean seedCheck) {
    double firesPerSecond() {
      return due / fireSeconds;
    }

    /** The claim statement, if the store's text was recognised. */
    Optional<StatementProfile.Measured> claim() {
      return sql.find(DUE_QUERY);
    }

    /** Execution time of the claim statement per instance it leased, in milliseconds. */
    double claimMillisPerInstance() {
      return claim().map(s -> s.execMillis() / Math.max(1, s.rows())).orElse(Double.NaN);
    }

    /** Shared buffer pages the claim statement touched per instance it leased: "hit/read". */
    String claimBlocksPerInstance() {
      return claim()
          .map(
              s ->
                  String.format(
                      Locale.ROOT,
                      "%.1f/%.1f",
                      (double) s.blocksHit() / Math.max(1, s.rows()),
                      (double) s.blocksRead() / Math.max(1, s.rows())))
          .orElse("—");
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

  Result fireAll(EngineConfig config, long armed, long due, boolean check)
      throws InterruptedException {
    String name = "timers_" + armed;
    server.drop(name);
    EngineProbe probe = new EngineProbe();
    try (BenchDatabase database = server.create(name)) {
      double seconds;
      Boolean same = null;
      long start;
      long end;
      CpuMeter.Use used;
      try (PostgresStore store = database.store()) {
        Engine engine = config.engine(store, BenchMachines.timed(), probe);
        TimerSeed seed = new TimerSeed(database);
        Instant now = clock.instant();
        // due: one a millisecond, the last a minute ago; later: one a millisecond from tomorrow on
        Instant pastBase = now.minus(Duration.ofMillis(due + 60_000));
        Instant laterBase = now.plus(Duration.ofDays(1));
        seconds =
            server.setUp(
                () -> {
                  engine.create(
                      NewInstance.of(BenchMachines.TIMED)
                          .id("template")
                          .input(Map.of(BenchMachines.AT, "2099-01-01T00:00:00Z")));
                  double s = seed.clone("template", "due-", 1, due, pastBase, 1000);
                  return s + seed.clone("template", "later-", 1, armed - due, laterBase, 1000);
                });
        seedRowsPerSecond = armed / seconds;
        if (check) {
          // an instance the engine creates for the same (future) due as clone later-0000001
          String at = TimerSeed.due(laterBase, 1, 1000).toString();
          engine.create(
              NewInstance.of(BenchMachines.TIMED).id("check").input(Map.of(BenchMachines.AT, at)));
          same = seed.check(TimerSeed.id("later-", 1), "check");
          seed.remove("check");
        }
        seed.remove("template");
        database.settle();
        start = System.nanoTime();
        CpuMeter cpu = server.cpu();
        CpuMeter.Reading before = cpu.read();
        engine.start();
        try {
          end = probe.awaitSettled(due, Duration.ofMinutes(10));
          used = cpu.read().since(before);
        } finally {
          engine.close();
        }
      }
      if (end < 0) {
        throw new IllegalStateException(
            "fired " + probe.fires() + " of " + due + " due timers in 10 minutes");
      }
      StatementProfile sql = StatementProfile.read(database.harness()).withPlans(database, 4);
      TableProfile tables = TableProfile.read(database.harness());
      long woken =
          database.queryLong(
              "SELECT count(*) FROM cw_instances WHERE jsonb_path_query_array(active, '$[*].path') @> '[\"woken\"]'");
      long stillArmed =
          database.queryLong("SELECT count(*) FROM cw_instances WHERE timers <> '[]'::jsonb");
      boolean ok = woken == due && stillArmed == armed - due;
      String verification =
          String.format(
              "%s: %,d instances woken (of %,d due), %,d timers still armed (of %,d not due)",
              ok ? "OK" : "WRONG", woken, due, stillArmed, armed - due);
      return new Result(
          config,
          armed,
          due,
          seconds,
          (end - start) / 1e9,
          probe,
          used,
          sql,
          tables,
          verification,
          ok,
          same);
    } finally {
      server.drop(name);
    }
  }
}
