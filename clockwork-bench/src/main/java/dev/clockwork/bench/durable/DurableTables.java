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
      out.append(TimerTables.timers(timers, verdicts)).append('\n');
    }
    if (!lateness.isEmpty()) {
      out.append(TimerTables.lateness(lateness, settings.latenessRate, verdicts)).append('\n');
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
}
