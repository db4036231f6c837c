package dev.clockwork.bench.durable;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/** Collects the results of a run and renders the report: tables, ratios, verdicts, profiles. */
final class DurableTables {
  private final DurableSettings settings;
  private ClockworkThroughput.Seed seed;
  private final List<ClockworkThroughput.Result> clockwork = new ArrayList<>();
  private final List<DbSchedulerThroughput.Result> dbScheduler = new ArrayList<>();
  private final List<RawCeiling.Result> raw = new ArrayList<>();
  private final List<TimersAtScale.Result> timers = new ArrayList<>();
  private Latency.Result latency;
  private final List<TimerLateness.Result> lateness = new ArrayList<>();
  private final List<String> verdicts = new ArrayList<>();

  DurableTables(DurableSettings settings) {
    this.settings = settings;
  }

  void seed(ClockworkThroughput.Seed result) {
    seed = result;
  }

  void clockwork(ClockworkThroughput.Result result) {
    clockwork.add(result);
  }

  void dbScheduler(DbSchedulerThroughput.Result result) {
    dbScheduler.add(result);
  }

  void raw(RawCeiling.Result result) {
    raw.add(result);
  }

  void latency(Latency.Result result) {
    latency = result;
  }

  void timers(TimersAtScale.Result result) {
    timers.add(result);
  }

  void lateness(TimerLateness.Result result) {
    lateness.add(result);
  }

  /** Half the fire rate of the largest timers run (rounded down to 100/s), or 500/s. */
  int sustainableFireRate() {
    return timers.isEmpty()
        ? 500
        : Math.max(100, (int) (timers.get(timers.size() - 1).firesPerSecond() / 2 / 100) * 100);
  }

  /** The worker count of the fastest drain with flushed commits (2 when none ran). */
  int bestWorkers() {
    return bestClockwork(settings.durable).map(ClockworkThroughput.Result::workers).orElse(2);
  }

  /** The steady load of the latency run: half the 2-worker drain rate, or 1,000/s unmeasured. */
  double loadRate() {
    return clockwork.stream()
        .filter(r -> r.workers() == 2 && r.flushed() == settings.durable)
        .findFirst()
        .map(r -> Math.floor(r.eventsPerSecond() / 2 / 100) * 100)
        .orElse(1000.0);
  }

  String render() {
    verdicts.clear();
    StringBuilder out = new StringBuilder();
    for (boolean flushed : new boolean[] {true, false}) {
      if (clockwork.stream().anyMatch(r -> r.flushed() == flushed)
          || dbScheduler.stream().anyMatch(r -> r.flushed() == flushed)) {
        out.append(throughput(flushed)).append('\n');
      }
    }
    if (!clockwork.isEmpty()) {
      out.append(ThroughputDetails.render(clockwork, dbScheduler, seed, settings)).append('\n');
    }
    if (latency != null) {
      out.append(latencyTables()).append('\n');
    }
    if (!timers.isEmpty()) {
      out.append(timersTable()).append('\n');
    }
    if (!lateness.isEmpty()) {
      out.append(latenessTable()).append('\n');
    }
    out.append("Targets\n\n");
    verdicts.forEach(v -> out.append("- ").append(v).append('\n'));
    return out.toString();
  }

  private Optional<ClockworkThroughput.Result> bestClockwork(boolean flushed) {
    return clockwork.stream()
        .filter(r -> r.flushed() == flushed)
        .max(Comparator.comparingDouble(ClockworkThroughput.Result::eventsPerSecond));
  }

  private String throughput(boolean flushed) {
    Optional<ClockworkThroughput.Result> best = bestClockwork(flushed);
    Optional<DbSchedulerThroughput.Result> rival =
        dbScheduler.stream()
            .filter(r -> r.flushed() == flushed)
            .max(Comparator.comparingDouble(DbSchedulerThroughput.Result::perSecond));
    double ours = best.map(ClockworkThroughput.Result::eventsPerSecond).orElse(Double.NaN);
    Markdown table =
        new Markdown(
            "contender", "configuration", ">ops", ">seconds", ">ops/s", ">Clockwork best ÷ this");
    for (ClockworkThroughput.Result r : clockwork) {
      if (r.flushed() == flushed) {
        table.row(
            "Clockwork",
            r.workers() + " worker" + (r.workers() == 1 ? "" : "s") + ", default options",
            Figures.count(r.events()),
            Figures.seconds(r.drainSeconds()),
            Figures.rate(r.eventsPerSecond()),
            Figures.ratio(ours / r.eventsPerSecond()));
      }
    }
    for (DbSchedulerThroughput.Result r : dbScheduler) {
      if (r.flushed() == flushed) {
        table.row(
            "db-scheduler",
            r.config().name(),
            Figures.count(r.tasks()),
            Figures.seconds(r.seconds()),
            Figures.rate(r.perSecond()),
            Figures.ratio(ours / r.perSecond()));
      }
    }
    for (RawCeiling.Result r : raw) {
      if (r.flushed() == flushed) {
        table.row(
            "raw JDBC ceiling",
            r.batch()
                + (r.batch() == 1 ? " event" : " events")
                + "/transaction, "
                + r.threads()
                + " threads",
            Figures.count(r.ops()),
            Figures.seconds(r.seconds()),
            Figures.rate(r.perSecond()),
            Figures.ratio(ours / r.perSecond()));
      }
    }
    StringBuilder out =
        new StringBuilder(
            flushed
                ? "Throughput, commits flushed to disk (fsync and synchronous_commit on; one op = one event or task applied and committed)\n\n"
                : "Throughput, commits NOT flushed (fsync and synchronous_commit off: the embedded server's default; for comparison only)\n\n");
    out.append(table.render()).append('\n');
    if (best.isPresent() && rival.isPresent()) {
      double ratio = ours / rival.get().perSecond();
      String line =
          String.format(
              Locale.ROOT,
              "throughput%s: Clockwork best (%d workers, %s) ÷ db-scheduler best (%s, %s) = %s;"
                  + " target ≥ 2× %s (aim 3×: %s)",
              flushed ? "" : " (not flushed, for comparison)",
              best.get().workers(),
              Figures.rate(ours),
              rival.get().config().name(),
              Figures.rate(rival.get().perSecond()),
              Figures.ratio(ratio),
              Figures.verdict(ratio >= 2),
              ratio >= 3 ? "reached" : "not reached");
      out.append(line).append('\n');
      if (flushed == settings.durable) {
        verdicts.add(line);
      }
    }
    for (RawCeiling.Result ceiling : raw) {
      if (ceiling.batch() > 1 && ceiling.flushed() == flushed && best.isPresent()) {
        out.append(
            String.format(
                Locale.ROOT,
                "raw ceiling at %d events/transaction (%s): Clockwork best is %.0f%% of it%n",
                ceiling.batch(),
                Figures.rate(ceiling.perSecond()),
                100 * ours / ceiling.perSecond()));
      }
    }
    return out.toString();
  }

  private String latencyTables() {
    Markdown table =
        new Markdown("condition", ">events", ">p50", ">p99", ">max", "target", "verdict");
    Samples idle = latency.idle();
    boolean p50 = idle.percentile(0.5) <= 5e6;
    boolean p99 = idle.percentile(0.99) <= 25e6;
    table.row(
        "idle: one event at a time, workers waiting on LISTEN",
        Figures.count(idle.size()),
        Figures.millis(idle.percentile(0.5)),
        Figures.millis(idle.percentile(0.99)),
        Figures.millis(idle.max()),
        "p50 ≤ 5 ms, p99 ≤ 25 ms",
        Figures.verdict(p50) + " / " + Figures.verdict(p99));
    Samples loaded = latency.loaded();
    table.row(
        String.format(
            Locale.ROOT,
            "under load: %d producers aiming at %s, achieved %s",
            Latency.PRODUCERS,
            Figures.rate(latency.targetRate()),
            Figures.rate(latency.achievedRate())),
        Figures.count(loaded.size()),
        Figures.millis(loaded.percentile(0.5)),
        Figures.millis(loaded.percentile(0.99)),
        Figures.millis(loaded.max()),
        "(none)",
        "");
    verdicts.add(
        String.format(
            Locale.ROOT,
            "latency idle p50 %s: target ≤ 5 ms %s",
            Figures.millis(idle.percentile(0.5)),
            Figures.verdict(p50)));
    verdicts.add(
        String.format(
            Locale.ROOT,
            "latency idle p99 %s: target ≤ 25 ms %s",
            Figures.millis(idle.percentile(0.99)),
            Figures.verdict(p99)));
    Markdown phases = new Markdown("phase of an idle event", ">p50", ">p99", ">mean");
    for (Latency.Phase phase : latency.phases()) {
      phases.row(
          phase.name(),
          Figures.millis(phase.nanos().percentile(0.5)),
          Figures.millis(phase.nanos().percentile(0.99)),
          Figures.millis(phase.nanos().mean()));
    }
    return "Latency: Engine.enqueue called → its transition committed ("
        + latency.workers()
        + " workers, default options)\n\n"
        + table.render()
        + "\nWhere an idle event's time goes (stamps of the store calls that carried it)\n\n"
        + phases.render();
  }

  private String timersTable() {
    Markdown table =
        new Markdown(
            ">armed",
            ">due",
            ">seed",
            ">fire all due",
            ">fires/s",
            ">due query p50 (isolated)",
            ">blocks hit/read",
            ">due query in sweeps",
            ">sweep batch p50",
            ">p99",
            ">backpressure waits",
            "check");
    for (TimersAtScale.Result r : timers) {
      table.row(
          Figures.count(r.armed()),
          Figures.count(r.due()),
          Figures.seconds(r.seedSeconds()),
          Figures.seconds(r.fireSeconds()),
          Figures.rate(r.firesPerSecond()),
          Figures.millis(r.dueQuery().medianMillis() * 1e6),
          r.dueQuery().hit() + "/" + r.dueQuery().read(),
          Figures.millis(r.sweptQueryMillis() * 1e6),
          Figures.millis(r.probeBatches().percentile(0.5)),
          Figures.millis(r.probeBatches().percentile(0.99)),
          String.valueOf(r.backpressureWaits()),
          r.correct() ? "OK" : "WRONG");
    }
    StringBuilder out =
        new StringBuilder(
            "Timers at scale. The harness sweeps the first "
                + TimersAtScale.PROBE_BATCHES
                + " batches of 100 itself, alone; before them (after a sweep of one timer), the sweep's due-timer query\n"
                + "(SELECT … FOR NO KEY UPDATE OF t, i SKIP LOCKED, its text from pg_stat_statements) runs 25 times under EXPLAIN (ANALYZE, BUFFERS),\n"
                + "rolled back: \"isolated\" is the median execution time, blocks those of one run; \"in sweeps\" is its mean over the probe sweeps;\n"
                + "sweep batch = the whole sweepDueTimers call (select, fire records, enqueue, delete, commit). Then the engine's loop\n"
                + "(2 workers, default options) sweeps and fires the rest; fire all due = first probe sweep → last fire committed,\n"
                + "without the EXPLAIN runs.\n\n");
    out.append(table.render()).append('\n');
    for (TimersAtScale.Result r : timers) {
      out.append(Figures.count(r.armed())).append(" armed: ").append(r.verification());
      if (r.seedCheck() != null) {
        out.append("; seed check (a cloned instance = one the engine created for the same due): ")
            .append(r.seedCheck() ? "same rows" : "DIFFERENT");
      }
      out.append('\n');
    }
    if (timers.size() >= 2) {
      TimersAtScale.Result small = timers.get(0);
      TimersAtScale.Result large = timers.get(timers.size() - 1);
      double ratio = large.dueQuery().medianMillis() / small.dueQuery().medianMillis();
      String line =
          String.format(
              Locale.ROOT,
              "sweep per-batch query time, %s armed ÷ %s armed: %s ÷ %s = %s; target ≤ 2× %s"
                  + " (in sweeps: %s; whole sweep batch p50: %s)",
              Figures.count(large.armed()),
              Figures.count(small.armed()),
              Figures.millis(large.dueQuery().medianMillis() * 1e6),
              Figures.millis(small.dueQuery().medianMillis() * 1e6),
              Figures.ratio(ratio),
              Figures.verdict(ratio <= 2),
              Figures.ratio(large.sweptQueryMillis() / small.sweptQueryMillis()),
              Figures.ratio(
                  large.probeBatches().percentile(0.5) / small.probeBatches().percentile(0.5)));
      out.append(line).append('\n');
      verdicts.add(line);
      out.append("\nThe due-timer query's plan at ")
          .append(Figures.count(large.armed()))
          .append(" armed (last isolated run)\n\n")
          .append(large.dueQuery().plan())
          .append("\nWhere the database time went firing ")
          .append(Figures.count(large.due()))
          .append(" of ")
          .append(Figures.count(large.armed()))
          .append(" armed (pg_stat_statements and pg_stat_user_tables; per fire)\n\n")
          .append(large.sql().table(large.due(), 12))
          .append('\n')
          .append(large.tables().table(large.due()))
          .append(
              "\nGeneric plans of the costliest statements (as the server plans them at the end)\n\n")
          .append(large.sql().plans());
    }
    return out.toString();
  }

  private String latenessTable() {
    Markdown table =
        new Markdown(
            ">fires/s", ">timers", ">p50", ">p99", ">max", ">achieved", "target", "verdict");
    StringBuilder notes = new StringBuilder();
    for (TimerLateness.Result r : lateness) {
      Samples late = r.lateness();
      double limit = r.sweepInterval().toNanos() + 100e6;
      boolean pass = late.percentile(0.99) <= limit;
      boolean target = r.rate() == settings.latenessRate;
      table.row(
          Figures.count(r.rate()),
          Figures.count(r.timers()),
          Figures.millis(late.percentile(0.5)),
          Figures.millis(late.percentile(0.99)),
          Figures.millis(late.max()),
          Figures.rate(r.achievedRate()),
          "p99 ≤ " + Figures.millis(limit) + (target ? "" : " (not the target rate)"),
          Figures.verdict(pass));
      if (target) {
        verdicts.add(
            String.format(
                Locale.ROOT,
                "timer lateness p99 at %,d fires/s: %s; target ≤ %s %s",
                r.rate(),
                Figures.millis(late.percentile(0.99)),
                Figures.millis(limit),
                Figures.verdict(pass)));
      }
      notes.append(
          String.format(
              Locale.ROOT,
              "%,d fires/s: %d sweeps skipped for backpressure%n",
              r.rate(),
              r.backpressureWaits()));
    }
    return "Timer lateness: due instant → the fire's transition committed (default options: "
        + lateness.get(0).sweepInterval().toMillis()
        + " ms sweep interval, batches of 100, 2 workers; the second rate, if any, is half the fire"
        + " rate the largest timers run reached, to show lateness below capacity)\n\n"
        + table.render()
        + notes;
  }
}
