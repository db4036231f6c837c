package dev.clockwork.bench.schedules;

import dev.clockwork.bench.harness.BenchDatabase;
import dev.clockwork.bench.harness.BenchPostgres;
import dev.clockwork.bench.report.RunReport;
import dev.clockwork.bench.report.Section;
import dev.clockwork.bench.report.Target;
import dev.clockwork.cli.output.Table;
import dev.clockwork.core.definition.Machine;
import dev.clockwork.core.definition.MachineDefinition;
import dev.clockwork.postgres.PostgresStore;
import dev.clockwork.runtime.Engine;
import dev.clockwork.runtime.clock.VirtualClock;
import dev.clockwork.schedule.ScheduleRequest;
import dev.clockwork.schedule.Schedules;
import dev.clockwork.schedule.definition.ScheduleSpec;
import dev.clockwork.schedule.outcome.TickResult;
import dev.clockwork.schedule.outcome.TriggerOutcome;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Timestamp;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import javax.sql.DataSource;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * The schedules benchmark of issue 5 (a benchmark, not a test): next-fire computations per second;
 * a tick over 1,000 due schedules among 10,000 stored on embedded PostgreSQL; and whether the
 * tick's query cost follows due schedules rather than stored ones (10,000 vs {@code --large}
 * stored, default 100,000).
 *
 * <p>Stored schedules, all through {@code Schedules.create} for the first 10,000: 1,000 "due" (fire
 * daily at 12:00 UTC: five spec kinds, cron in three zones incl. 6-field, interval, cron +
 * interval), 500 "warm-up" (daily at 11:30 UTC, ticked first each day so the measured tick is not
 * the JVM's first), and 8,500 "background" (yearly, monthly-in-a-zone, 6-field, long intervals,
 * mixed; none fires during the run). The large set adds background rows cloned in SQL from the
 * API-created ones (only the schedule id differs), as seeding them through the API would take most
 * of the run. The clock is virtual; one embedded PostgreSQL server (fsync off, its default).
 */
@Command(
    name = "schedules",
    mixinStandardHelpOptions = true,
    description = {
      "Schedules on embedded PostgreSQL 17: next-fire rate, tick cost (a few minutes)."
    })
public final class SchedulesCommand implements Callable<Integer> {
  private static final String MACHINE = "bench-job";
  private static final Instant START = Instant.parse("2026-03-10T10:00:00Z");
  private static final int EMPTY_TICKS = 30;

  @Spec CommandSpec spec;

  @Option(
      names = "--large",
      paramLabel = "N",
      description = "schedules stored in the large run (default: ${DEFAULT-VALUE})",
      defaultValue = "100000")
  int large = 100_000;

  @Option(
      names = "--quick",
      description = "every count ÷ 10: a smoke run of a minute (figures are noisy)")
  boolean quick;

  private final List<String> wrong = new ArrayList<>();

  @Option(
      names = "--out",
      paramLabel = "DIR",
      description = "where the report goes (default: the jar's directory)")
  Path out;

  private final List<Target> targets = new ArrayList<>();
  private final Table information = new Table("measure", "result");
  private final StringBuilder log = new StringBuilder();

  @Override
  public Integer call() throws Exception {
    RunReport report =
        new RunReport(
            "schedules",
            RunReport.commandLine(spec),
            String.format(
                Locale.ROOT,
                "%,d and %,d stored, %,d due, virtual clock, fsync off",
                stored(),
                large(),
                due()));
    RunReport.progress("next-fire computation ...");
    nextFire();
    try (BenchPostgres server = BenchPostgres.start(false);
        BenchDatabase database = server.create("schedules");
        PostgresStore store = database.store()) {
      server.facts().forEach(report::fact);
      DataSource pool = database.harness();
      VirtualClock clock = VirtualClock.at(START);
      MachineDefinition job = Machine.define(MACHINE).initial("done").finalState("done").build();
      Engine engine = Engine.builder().store(store).clock(clock).register(job).build();
      TimedScheduleStore timed = new TimedScheduleStore(store.schedules());
      Schedules schedules = Schedules.builder(engine).store(timed).build();

      long seedStart = System.nanoTime();
      for (int i = 0; i < stored(); i++) {
        schedules.create(request(i));
      }
      double seedSeconds = (System.nanoTime() - seedStart) / 1e9;
      log(
          "seeded %,d schedules through Schedules.create in %.1f s (%,.0f/s)",
          stored(), seedSeconds, stored() / seedSeconds);
      execute(pool, "VACUUM ANALYZE cw_schedules");

      Phase small = phase(pool, clock, schedules, timed, stored(), 0, 3);

      long cloneStart = System.nanoTime();
      int cloned = cloneBackground(pool, large() - stored());
      execute(pool, "VACUUM ANALYZE cw_schedules");
      double cloneSeconds = (System.nanoTime() - cloneStart) / 1e9;
      long stored = queryLong(pool, "SELECT count(*) FROM cw_schedules");
      log(
          "added %,d background schedules by SQL clone in %.1f s: %,d stored",
          cloned, cloneSeconds, stored);
      Phase big = phase(pool, clock, schedules, timed, stored, 3, 2);

      report.add(report(small, big, seedSeconds, cloned));
      engine.close();
    }
    report.finish(out != null ? out : RunReport.defaultOut());
    return report.exitCode();
  }

  private double factor() {
    return quick ? 0.1 : 1;
  }

  /** Due at noon every day of the run: five spec kinds, each firing at 12:00 UTC. */
  int due() {
    return (int) (1_000 * factor());
  }

  /** Due at 11:30 every day: ticked first each day, so the measured tick is not the JVM's first. */
  int warmup() {
    return (int) (500 * factor());
  }

  /** Stored in the small run. */
  int stored() {
    return (int) (10_000 * factor());
  }

  /** Stored in the large run. */
  int large() {
    return (int) (large * factor());
  }

  /** A line of the run's log: printed now, and kept for the report. */
  private void log(String format, Object... args) {
    String line = String.format(Locale.ROOT, format, args);
    RunReport.progress(line);
    log.append(line).append('\n');
  }

  // ---- (1) next fire ----

  private void nextFire() {
    Map<String, ScheduleSpec> specs = new LinkedHashMap<>();
    specs.put("cron `0 12 * * *` UTC", ScheduleSpec.builder().cron("0 12 * * *").build());
    specs.put(
        "cron `*/15 9-17 * * 1-5` America/New_York",
        ScheduleSpec.builder().cron("*/15 9-17 * * 1-5").timezone("America/New_York").build());
    specs.put(
        "cron `0 30 2 * * *` (6 fields) Europe/Berlin (DST)",
        ScheduleSpec.builder().cron("0 30 2 * * *").timezone("Europe/Berlin").build());
    specs.put("interval every PT30M", ScheduleSpec.builder().interval("PT30M").build());
    specs.put(
        "interval every P1D offset PT12H", ScheduleSpec.builder().interval("P1D", "PT12H").build());
    specs.put(
        "mixed: cron `0 9 * * 1` + interval PT6H",
        ScheduleSpec.builder().cron("0 9 * * 1").interval("PT6H").build());
    for (Map.Entry<String, ScheduleSpec> e : specs.entrySet()) {
      chain(e.getValue(), (long) (1_000_000_000L * factor())); // warm-up
      double perSecond = chain(e.getValue(), (long) (1_500_000_000L * factor()));
      row(
          "next fire: " + e.getKey(),
          String.format("%,.0f /s", perSecond),
          "≥ 100,000 /s",
          perSecond >= 100_000 ? "PASS" : "MISS");
    }
  }

  /** Next fires chained ({@code t = next(t)}) for {@code nanos}; restarts after two years. */
  private static double chain(ScheduleSpec spec, long nanos) {
    Instant from = START;
    Instant end = START.plus(Duration.ofDays(730));
    Instant t = from;
    long count = 0;
    long sink = 0;
    long start = System.nanoTime();
    long elapsed;
    do {
      for (int i = 0; i < 1_000; i++) {
        Optional<Instant> next = spec.next(t);
        t = next.get();
        sink += t.getNano();
        if (t.isAfter(end)) {
          t = from;
        }
      }
      count += 1_000;
      elapsed = System.nanoTime() - start;
    } while (elapsed < nanos);
    if (sink == 42) {
      System.out.print("");
    }
    return count / (elapsed / 1e9);
  }

  // ---- seeding ----

  private ScheduleRequest request(int i) {
    ScheduleRequest.Builder b;
    if (i < due()) {
      b = ScheduleRequest.builder(String.format("due-%05d", i));
      switch (i % 5) {
        case 0 -> b.cron("0 12 * * *");
        case 1 -> b.cron("0 8 * * *").timezone("America/New_York"); // EDT since 8 March
        case 2 -> b.cron("0 0 13 * * *").timezone("Europe/Berlin"); // CET until 29 March
        case 3 -> b.interval("P1D", "PT12H");
        default ->
            b.spec(ScheduleSpec.builder().cron("0 12 * * 1-5").interval("P1D", "PT12H").build());
      }
    } else if (i < due() + warmup()) {
      b = ScheduleRequest.builder(String.format("warm-%05d", i)).cron("30 11 * * *");
    } else {
      b = ScheduleRequest.builder(String.format("bg-%06d", i));
      switch (i % 6) {
        case 0 -> b.cron("0 0 1 1 *");
        case 1 -> b.cron("0 0 1 7 *").timezone("Europe/Berlin");
        case 2 -> b.cron("0 15 4 1 6 *").timezone("Asia/Kathmandu");
        case 3 -> b.interval("P200D");
        case 4 -> b.interval("P97D", "PT3H");
        default ->
            b.spec(
                ScheduleSpec.builder()
                    .cron("0 6 1 */4 *")
                    .interval("P200D")
                    .timezone("Australia/Sydney")
                    .build());
      }
    }
    return b.startMachine(MACHINE, Map.of("n", i)).build();
  }

  /** Copies background rows in SQL, changing only the schedule id, up to {@code count} rows. */
  private static int cloneBackground(DataSource pool, int count) throws SQLException {
    if (count <= 0) {
      return 0;
    }
    List<String> columns = new ArrayList<>();
    try (Connection c = pool.getConnection();
        PreparedStatement ps =
            c.prepareStatement(
                "SELECT column_name FROM information_schema.columns"
                    + " WHERE table_name = 'cw_schedules' ORDER BY ordinal_position")) {
      try (ResultSet rs = ps.executeQuery()) {
        while (rs.next()) {
          columns.add(rs.getString(1));
        }
      }
    }
    List<String> select = new ArrayList<>();
    for (String column : columns) {
      select.add(column.equals("schedule_id") ? "s.schedule_id || '-c' || g" : "s." + column);
    }
    long background =
        queryLong(pool, "SELECT count(*) FROM cw_schedules WHERE schedule_id LIKE 'bg-%'");
    long copies = (count + background - 1) / background;
    String sql =
        "INSERT INTO cw_schedules ("
            + String.join(", ", columns)
            + ") SELECT "
            + String.join(", ", select)
            + " FROM cw_schedules s, generate_series(1, "
            + copies
            + ") g WHERE s.schedule_id LIKE 'bg-%' ORDER BY g, s.schedule_id LIMIT "
            + count;
    try (Connection c = pool.getConnection();
        Statement st = c.createStatement()) {
      return st.executeUpdate(sql);
    }
  }

  // ---- (2) and (3): ticks ----

  record DueTick(int day, double millis, int started, double storeMillis, int claims) {}

  record Phase(
      long stored,
      List<DueTick> dueTicks,
      double emptyTickMedianMillis,
      double emptyClaimMedianMillis,
      String explainEmpty,
      String explainDue) {}

  private Phase phase(
      DataSource pool,
      VirtualClock clock,
      Schedules schedules,
      TimedScheduleStore timed,
      long stored,
      int firstDay,
      int days)
      throws SQLException {
    List<DueTick> ticks = new ArrayList<>();
    String explainDue = null;
    for (int d = firstDay; d < firstDay + days; d++) {
      Instant noon = START.plus(Duration.ofDays(d)).plus(Duration.ofHours(2));
      clock.moveTo(noon.minus(Duration.ofMinutes(30)));
      int warm = schedules.tick().size();
      clock.moveTo(noon);
      if (explainDue == null) {
        explainDue = explainDue(pool, noon);
      }
      timed.reset();
      long start = System.nanoTime();
      List<TickResult> rows = schedules.tick();
      double millis = (System.nanoTime() - start) / 1e6;
      int started = (int) rows.stream().filter(r -> r.outcome() == TriggerOutcome.STARTED).count();
      ticks.add(new DueTick(d + 1, millis, started, timed.storeNanos() / 1e6, timed.claimCalls()));
      if (warm != warmup() || started != due()) {
        wrong.add(
            String.format(
                Locale.ROOT,
                "%,d stored, day %d: the warm-up tick returned %d rows (%d due) and the tick at"
                    + " noon started %d (%d due)",
                stored,
                d + 1,
                warm,
                warmup(),
                started,
                due()));
      }
      log(
          "%,d stored, day %d: warm-up tick %d rows; tick at %s: %d rows, %d started, %.0f ms"
              + " (schedule store %.0f ms in %d claims + commits)",
          stored,
          d + 1,
          warm,
          noon,
          rows.size(),
          started,
          millis,
          timed.storeNanos() / 1e6,
          timed.claimCalls());
    }
    Instant after = clock.moveTo(clock.instant().plus(Duration.ofSeconds(30)));
    double[] empty = new double[EMPTY_TICKS];
    double[] claims = new double[EMPTY_TICKS];
    for (int i = 0; i < EMPTY_TICKS; i++) {
      timed.reset();
      long start = System.nanoTime();
      int n = schedules.tick().size();
      empty[i] = (System.nanoTime() - start) / 1e6;
      claims[i] = timed.claimNanos() / 1e6;
      if (n != 0) {
        throw new IllegalStateException("an empty tick returned " + n + " rows");
      }
    }
    String explainEmpty = explainDue(pool, after);
    Phase phase = new Phase(stored, ticks, median(empty), median(claims), explainEmpty, explainDue);
    log(
        "%,d stored: empty tick median %.2f ms (claim queries %.2f ms); due query EXPLAIN"
            + " ANALYZE: %,d due %s; none due %s",
        stored,
        phase.emptyTickMedianMillis(),
        phase.emptyClaimMedianMillis(),
        due(),
        explainDue,
        explainEmpty);
    return phase;
  }

  /** The tick's due query (claim's inner select) under EXPLAIN ANALYZE, rolled back. */
  private static String explainDue(DataSource pool, Instant now) throws SQLException {
    String sql =
        """
        EXPLAIN (ANALYZE, BUFFERS)
        SELECT namespace, schedule_id FROM cw_schedules
         WHERE status = 'active' AND next_fire_at IS NOT NULL AND next_fire_at <= ?
           AND (claimed_until IS NULL OR claimed_until <= ?)
         ORDER BY next_fire_at, namespace, schedule_id
         LIMIT 100
           FOR UPDATE SKIP LOCKED""";
    try (Connection c = pool.getConnection()) {
      c.setAutoCommit(false);
      try (PreparedStatement ps = c.prepareStatement(sql)) {
        ps.setTimestamp(1, Timestamp.from(now));
        ps.setTimestamp(2, Timestamp.from(now));
        List<String> lines = new ArrayList<>();
        try (ResultSet rs = ps.executeQuery()) {
          while (rs.next()) {
            lines.add(rs.getString(1).trim());
          }
        }
        String index =
            lines.stream().anyMatch(l -> l.contains("cw_schedules_due")) ? "index" : "NO index";
        String time =
            lines.stream()
                .filter(l -> l.startsWith("Execution Time"))
                .findFirst()
                .orElse("?")
                .replace("Execution Time: ", "");
        String buffers =
            lines.stream()
                .filter(l -> l.startsWith("Buffers"))
                .findFirst()
                .orElse("Buffers: ?")
                .replace("Buffers: ", "");
        return time + ", " + buffers + ", " + index;
      } finally {
        c.rollback();
      }
    }
  }

  // ---- report ----

  private Section report(Phase small, Phase big, double seedSeconds, int cloned) {
    DueTick first = small.dueTicks().get(0);
    double warmSmall = medianTicks(small.dueTicks().subList(1, small.dueTicks().size()));
    tickRow(
        String.format("tick, %,d due of %,d stored: first (day 1)", due(), small.stored()), first);
    for (DueTick t : small.dueTicks().subList(1, small.dueTicks().size())) {
      tickRow(
          String.format("tick, %,d due of %,d stored: day %d", due(), small.stored(), t.day()), t);
    }
    double warmBig = medianTicks(big.dueTicks());
    for (DueTick t : big.dueTicks()) {
      tickRow(
          String.format("tick, %,d due of %,d stored: day %d", due(), big.stored(), t.day()), t);
    }
    double dueRatio = warmBig / warmSmall;
    row(
        String.format(
            "%,d-due tick, %,d vs %,d stored (median of later days)",
            due(), big.stored(), small.stored()),
        String.format("%.0f ms vs %.0f ms: ratio %.2f", warmBig, warmSmall, dueRatio),
        "ratio near 1",
        verdict(dueRatio));
    double emptyRatio = big.emptyTickMedianMillis() / small.emptyTickMedianMillis();
    row(
        String.format(
            "tick with 0 due (median of %d), %,d vs %,d stored",
            EMPTY_TICKS, big.stored(), small.stored()),
        String.format(
            "%.2f ms vs %.2f ms: ratio %.2f",
            big.emptyTickMedianMillis(), small.emptyTickMedianMillis(), emptyRatio),
        "ratio near 1",
        verdict(emptyRatio));
    double claimRatio = big.emptyClaimMedianMillis() / small.emptyClaimMedianMillis();
    row(
        String.format(
            "claim queries of that tick, %,d vs %,d stored", big.stored(), small.stored()),
        String.format(
            "%.2f ms vs %.2f ms: ratio %.2f",
            big.emptyClaimMedianMillis(), small.emptyClaimMedianMillis(), claimRatio),
        "ratio near 1",
        verdict(claimRatio));
    row(
        String.format(
            "due query EXPLAIN ANALYZE, %,d due, %,d / %,d stored",
            due(), small.stored(), big.stored()),
        small.explainDue() + " / " + big.explainDue(),
        "—",
        "—");
    row(
        String.format(
            "due query EXPLAIN ANALYZE, 0 due, %,d / %,d stored", small.stored(), big.stored()),
        small.explainEmpty() + " / " + big.explainEmpty(),
        "—",
        "—");

    String text =
        String.format(
                Locale.ROOT,
                "Schedules: seeding %,d schedules through Schedules.create took %.1f s (%,.0f/s);"
                    + " %,d more were cloned in SQL from the background ones.%n%n",
                stored(),
                seedSeconds,
                stored() / seedSeconds,
                cloned)
            + log
            + checks()
            + "\n"
            + information.markdown();
    return new Section(text, targets);
  }

  /** Whether every tick fired what was due: "OK: …", or "WRONG: …" per tick that did not. */
  private String checks() {
    if (wrong.isEmpty()) {
      return String.format(
          Locale.ROOT,
          "OK: every warm-up tick returned its %d schedules and every noon tick started its %d%n",
          warmup(),
          due());
    }
    return wrong.stream().map(w -> "WRONG: " + w + "\n").reduce("", String::concat);
  }

  /** Within a factor of 1.5 either way counts as following due schedules. */
  private static String verdict(double ratio) {
    return ratio <= 1.5 ? "PASS" : "MISS";
  }

  /** A target's line ({@code verdict} PASS or MISS), or information ({@code verdict} "—"). */
  /** One tick's row: its time, what it started, and the share the schedule store took. */
  private void tickRow(String measure, DueTick tick) {
    row(
        measure,
        String.format(
            "%.0f ms (%d started; store %.0f ms = %.0f%%, rest %.0f%%)",
            tick.millis(),
            tick.started(),
            tick.storeMillis(),
            100 * tick.storeMillis() / tick.millis(),
            100 - 100 * tick.storeMillis() / tick.millis()),
        "< 1 s",
        tick.millis() < 1000 ? "PASS" : "MISS");
  }

  private void row(String measure, String result, String target, String verdict) {
    if (verdict.equals("—")) {
      information.row(measure, result);
    } else {
      targets.add(new Target(measure, result, target, verdict.equals("PASS")));
    }
  }

  private static double medianTicks(List<DueTick> ticks) {
    return median(ticks.stream().mapToDouble(DueTick::millis).toArray());
  }

  private static double median(double[] values) {
    double[] sorted = values.clone();
    Arrays.sort(sorted);
    int n = sorted.length;
    return n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
  }

  // ---- database helpers ----

  private static void execute(DataSource pool, String sql) throws SQLException {
    try (Connection c = pool.getConnection();
        Statement st = c.createStatement()) {
      st.execute(sql);
    }
  }

  private static long queryLong(DataSource pool, String sql) throws SQLException {
    try (Connection c = pool.getConnection();
        Statement st = c.createStatement();
        ResultSet rs = st.executeQuery(sql)) {
      return rs.next() ? rs.getLong(1) : 0;
    }
  }
}
