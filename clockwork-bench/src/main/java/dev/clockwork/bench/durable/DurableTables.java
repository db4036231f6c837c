package dev.clockwork.bench.durable;

import dev.clockwork.bench.harness.Samples;
import dev.clockwork.bench.report.Figures;
import dev.clockwork.bench.report.Section;
import dev.clockwork.bench.report.Target;
import dev.clockwork.cli.output.Table;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/** Collects the results of a durable run and renders its sections: tables, ratios, targets. */
final class DurableTables {
  /** Events per second Clockwork must drain (issue: "with 2 workers"). */
  static final double THROUGHPUT_TARGET = 30_000;

  /** Clockwork ÷ db-scheduler's best mode, in the same run. */
  static final double RATIO_TARGET = 8;

  /** Issue 23: the default engine ÷ db-scheduler's best mode, in the same run. */
  static final double DEFAULT_RATIO_TARGET = 10;

  /** Issue 23: the default engine's CPU per event, this JVM and PostgreSQL together. */
  static final double CPU_MICROS_TARGET = 60;

  /** Issue 23: the best configuration ÷ the raw ceiling at its largest batch. */
  static final double CEILING_SHARE_TARGET = 0.8;

  private final DurableCommand settings;
  private ClockworkThroughput.Seed seed;
  private final List<ClockworkThroughput.Result> clockwork = new ArrayList<>();
  private final List<DbSchedulerThroughput.Result> dbScheduler = new ArrayList<>();
  private final List<RawCeiling.Result> raw = new ArrayList<>();
  private final List<TimersAtScale.Result> timers = new ArrayList<>();
  private Latency.Result latency;
  private final List<TimerLateness.Result> lateness = new ArrayList<>();

  DurableTables(DurableCommand settings) {
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

  /** The configuration of the fastest drain with flushed commits (the first asked for if none). */
  EngineConfig bestConfig() {
    return best(settings.run.durable())
        .map(ClockworkThroughput.Result::config)
        .orElse(settings.configs().get(0));
  }

  /**
   * The steady load of the latency run: half the drain rate of one engine with default options, or
   * of the best drain, or 1,000/s unmeasured.
   */
  double loadRate() {
    int threads = DurableCommand.DEFAULTS.threads();
    return clockwork.stream()
        .filter(r -> r.flushed() == settings.run.durable())
        .filter(r -> r.config().engines() == 1 && r.config().threads() == threads)
        .findFirst()
        .or(() -> best(settings.run.durable()))
        .map(r -> Math.floor(r.eventsPerSecond() / 2 / 100) * 100)
        .orElse(1000.0);
  }

  List<Section> sections() {
    List<Section> sections = new ArrayList<>();
    for (boolean flushed : new boolean[] {true, false}) {
      if (clockwork.stream().anyMatch(r -> r.flushed() == flushed)
          || dbScheduler.stream().anyMatch(r -> r.flushed() == flushed)) {
        sections.add(throughput(flushed));
      }
    }
    if (!clockwork.isEmpty()) {
      sections.add(Section.of(ThroughputDetails.render(clockwork, dbScheduler, seed, settings)));
    }
    if (latency != null) {
      sections.add(latency());
    }
    if (!timers.isEmpty()) {
      sections.add(TimerTables.timers(timers));
    }
    if (!lateness.isEmpty()) {
      sections.add(TimerTables.lateness(lateness));
    }
    return sections;
  }

  private Optional<ClockworkThroughput.Result> best(boolean flushed) {
    return clockwork.stream()
        .filter(r -> r.flushed() == flushed)
        .max(Comparator.comparingDouble(ClockworkThroughput.Result::eventsPerSecond));
  }

  private Section throughput(boolean flushed) {
    Optional<DbSchedulerThroughput.Result> rival =
        dbScheduler.stream()
            .filter(r -> r.flushed() == flushed)
            .max(Comparator.comparingDouble(DbSchedulerThroughput.Result::perSecond));
    double theirs = rival.map(DbSchedulerThroughput.Result::perSecond).orElse(Double.NaN);
    Table table =
        new Table(
            "contender", "configuration", ">ops", ">seconds", ">ops/s", ">÷ db-scheduler best");
    for (ClockworkThroughput.Result r : clockwork) {
      if (r.flushed() == flushed) {
        table.row(
            "Clockwork",
            r.config().describe()
                + (r.config().cap() > 0 ? "" : ", cap " + r.cap())
                + ", default options but the backpressure threshold",
            Figures.count(r.events()),
            Figures.preciseSeconds(r.drainSeconds()),
            Figures.rate(r.eventsPerSecond()),
            Figures.ratio(r.eventsPerSecond() / theirs));
      }
    }
    for (DbSchedulerThroughput.Result r : dbScheduler) {
      if (r.flushed() == flushed) {
        table.row(
            "db-scheduler",
            r.config().name(),
            Figures.count(r.tasks()),
            Figures.preciseSeconds(r.seconds()),
            Figures.rate(r.perSecond()),
            Figures.ratio(r.perSecond() / theirs));
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
            Figures.preciseSeconds(r.seconds()),
            Figures.rate(r.perSecond()),
            Figures.ratio(r.perSecond() / theirs));
      }
    }
    StringBuilder out =
        new StringBuilder(
            flushed
                ? "Throughput, commits flushed to disk (fsync and synchronous_commit on; one op = one"
                    + " event or task applied and committed; cap = the machine's concurrency cap,"
                    + " the default 10 per machine on every node together; the timers' backpressure"
                    + " threshold is raised above the seed's queued events, so the drains take the"
                    + " claim of a system below it; a warm-up drain ran first)\n\n"
                : "Throughput, commits NOT flushed (fsync and synchronous_commit off: the embedded"
                    + " server's default; for comparison only)\n\n");
    out.append(table.markdown()).append('\n');
    List<Target> targets = new ArrayList<>();
    if (flushed != settings.run.durable()) {
      return Section.of(out.toString());
    }
    List<String> meeting = new ArrayList<>();
    for (ClockworkThroughput.Result r : clockwork) {
      if (r.flushed() != flushed) {
        continue;
      }
      boolean fast = r.eventsPerSecond() >= THROUGHPUT_TARGET;
      targets.add(
          new Target(
              "Clockwork events/s, " + r.config().describe(),
              Figures.rate(r.eventsPerSecond()),
              "≥ " + Figures.rate(THROUGHPUT_TARGET),
              fast));
      boolean ahead = false;
      if (rival.isPresent()) {
        Target ratio =
            ratioTarget(
                "Clockwork " + r.config().describe() + " ÷ db-scheduler best",
                r,
                rival.get(),
                RATIO_TARGET);
        ahead = ratio.pass();
        targets.add(ratio);
      }
      if (fast && ahead) {
        meeting.add(r.config().describe());
      }
    }
    out.append(
        String.format(
            Locale.ROOT,
            "configurations that meet both ≥ %s and ≥ %s db-scheduler's best: %s%n",
            Figures.rate(THROUGHPUT_TARGET),
            Figures.ratio(RATIO_TARGET),
            meeting.isEmpty() ? "none" : String.join("; ", meeting)));
    Optional<ClockworkThroughput.Result> best = best(flushed);
    clockwork.stream()
        .filter(r -> r.flushed() == flushed && isDefault(r.config()))
        .findFirst()
        .ifPresent(r -> targets.addAll(defaultEngineTargets(r, rival)));
    raw.stream()
        .filter(r -> r.flushed() == flushed && r.batch() > 1)
        .max(Comparator.comparingInt(RawCeiling.Result::batch))
        .flatMap(ceiling -> best.map(b -> ceilingTarget(b, ceiling)))
        .ifPresent(targets::add);
    for (RawCeiling.Result ceiling : raw) {
      if (ceiling.batch() > 1 && ceiling.flushed() == flushed && best.isPresent()) {
        out.append(
            String.format(
                Locale.ROOT,
                "raw ceiling at %d events/transaction (%s): Clockwork's best (%s) is %.0f%% of it%n",
                ceiling.batch(),
                Figures.rate(ceiling.perSecond()),
                best.get().config().describe(),
                100 * best.get().eventsPerSecond() / ceiling.perSecond()));
      }
    }
    return new Section(out.toString(), targets);
  }

  /** The engine an application gets without settings: one node, default threads and cap. */
  private static boolean isDefault(EngineConfig config) {
    return config.engines() == 1
        && config.threads() == DurableCommand.DEFAULTS.threads()
        && config.cap() == 0;
  }

  /** Issue 23's targets for the default engine: ÷ db-scheduler's best, and CPU per event. */
  private static List<Target> defaultEngineTargets(
      ClockworkThroughput.Result r, Optional<DbSchedulerThroughput.Result> rival) {
    List<Target> targets = new ArrayList<>();
    String name = "default engine (" + r.config().describe() + ")";
    rival.ifPresent(
        theirs ->
            targets.add(
                ratioTarget(
                    name + " ÷ db-scheduler best (issue 23)", r, theirs, DEFAULT_RATIO_TARGET)));
    double micros = 1e6 * (r.cpu().jvmSeconds() + r.cpu().postgresSeconds()) / r.events();
    targets.add(
        new Target(
            name + ": CPU per event, JVM + PostgreSQL (issue 23)",
            String.format(
                Locale.ROOT,
                "%,.0f µs (%.1f + %.1f s for %s events)",
                micros,
                r.cpu().jvmSeconds(),
                r.cpu().postgresSeconds(),
                Figures.count(r.events())),
            String.format(Locale.ROOT, "≤ %.0f µs", CPU_MICROS_TARGET),
            micros <= CPU_MICROS_TARGET));
    return targets;
  }

  /** Clockwork's drain ÷ db-scheduler's best mode in the same run, met at {@code required}. */
  private static Target ratioTarget(
      String measure,
      ClockworkThroughput.Result ours,
      DbSchedulerThroughput.Result theirs,
      double required) {
    double ratio = ours.eventsPerSecond() / theirs.perSecond();
    return new Target(
        measure,
        String.format(
            Locale.ROOT,
            "%s ÷ %s (%s) = %s",
            Figures.rate(ours.eventsPerSecond()),
            Figures.rate(theirs.perSecond()),
            theirs.config().name(),
            Figures.ratio(ratio)),
        "≥ " + Figures.ratio(required),
        ratio >= required);
  }

  /** Issue 23: the best configuration's share of the raw ceiling at its largest batch. */
  private static Target ceilingTarget(ClockworkThroughput.Result best, RawCeiling.Result ceiling) {
    double share = best.eventsPerSecond() / ceiling.perSecond();
    return new Target(
        String.format(
            Locale.ROOT,
            "best configuration (%s) ÷ raw ceiling at %d events/transaction (issue 23)",
            best.config().describe(),
            ceiling.batch()),
        String.format(
            Locale.ROOT,
            "%s ÷ %s = %.0f%%",
            Figures.rate(best.eventsPerSecond()),
            Figures.rate(ceiling.perSecond()),
            100 * share),
        String.format(Locale.ROOT, "≥ %.0f%%", 100 * CEILING_SHARE_TARGET),
        share >= CEILING_SHARE_TARGET);
  }

  private Section latency() {
    Table table = new Table("condition", ">events", ">p50", ">p99", ">max", "target", "verdict");
    Samples idle = latency.idle();
    boolean p50 = idle.percentile(0.5) <= 5e6;
    boolean p99 = idle.percentile(0.99) <= 25e6;
    table.row(
        "idle: one event at a time, the engine waiting for work",
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
    Table phases = new Table("phase of an idle event", ">p50", ">p99", ">mean");
    for (Latency.Phase phase : latency.phases()) {
      phases.row(
          phase.name(),
          Figures.millis(phase.nanos().percentile(0.5)),
          Figures.millis(phase.nanos().percentile(0.99)),
          Figures.millis(phase.nanos().mean()));
    }
    String text =
        "Latency: Engine.enqueue called → the engine reported its transition committed (1 engine,"
            + " default options: "
            + latency.threads()
            + " worker threads)\n\n"
            + table.markdown()
            + "\nWhere an idle event's time goes (the instants its ProcessedEvent carries, engine"
            + " clock)\n\n"
            + phases.markdown()
            + "engine calls over the whole run (idle and loaded): "
            + latency.idleProbe().describeCalls()
            + "\n";
    return new Section(
        text,
        List.of(
            new Target(
                "enqueue → committed, idle, p50",
                Figures.millis(idle.percentile(0.5)),
                "≤ 5 ms",
                p50),
            new Target(
                "enqueue → committed, idle, p99",
                Figures.millis(idle.percentile(0.99)),
                "≤ 25 ms",
                p99)));
  }
}
