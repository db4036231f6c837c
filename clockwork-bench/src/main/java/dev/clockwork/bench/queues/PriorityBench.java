package dev.clockwork.bench.queues;

import dev.clockwork.bench.harness.BenchPostgres;
import dev.clockwork.bench.report.Figures;
import dev.clockwork.bench.report.RunReport;
import dev.clockwork.bench.report.Section;
import dev.clockwork.bench.report.Target;
import dev.clockwork.cli.output.Table;
import dev.clockwork.runtime.config.QueueStrategy;
import dev.clockwork.runtime.config.SettingsBuilder;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Consumer;

/**
 * Events per second with {@code strategy: priority} against {@code strategy: fifo}, the same
 * instances and events drained by the same engine settings. Every event is enqueued with one of the
 * five priorities, mixed ((instance + n) mod 5); the fifo engine stores each as normal, as fifo
 * does. Both engines get a concurrency cap equal to their threads, so the cap is never what limits
 * them.
 */
final class PriorityBench {
  static final double MINIMUM_RATIO = 0.85;

  private final BenchPostgres server;
  private final QueuesCommand settings;
  private final LedgerSeeds seeds;

  PriorityBench(BenchPostgres server, QueuesCommand settings, LedgerSeeds seeds) {
    this.server = server;
    this.settings = settings;
    this.seeds = seeds;
  }

  private Consumer<SettingsBuilder> config(String strategy) {
    QueueStrategy chosen = QueueStrategy.valueOf(strategy.toUpperCase(Locale.ROOT));
    return s -> s.queue(q -> q.strategy(chosen).concurrency(settings.threads()));
  }

  Section run() throws InterruptedException {
    List<String> seeded =
        List.of(
            "fifo: " + seeds.describe(seeds.fifo()),
            "priority: " + seeds.describe(seeds.priority()));
    Drain drain = new Drain(server);
    List<Double> fifo = new ArrayList<>();
    List<Double> priority = new ArrayList<>();
    Table rounds = new Table(">round", ">fifo events/s", ">priority events/s", ">ratio");
    Map<String, Drain.Result> last = Map.of();
    for (int r = 0; r < settings.warmUps + settings.rounds(); r++) {
      boolean warmUp = r < settings.warmUps;
      RunReport.progress(
          "priority vs fifo, round " + (r + 1) + (warmUp ? " (warm-up)" : "") + " ...");
      // alternate which goes first, so a machine growing busier or quieter favours neither
      String first = r % 2 == 0 ? "fifo" : "priority";
      String second = first.equals("fifo") ? "priority" : "fifo";
      Map<String, Drain.Result> results =
          Map.of(first, drain(drain, first), second, drain(drain, second));
      double f = results.get("fifo").eventsPerSecond();
      double p = results.get("priority").eventsPerSecond();
      rounds.row(
          warmUp ? "warm-up" : String.valueOf(r + 1 - settings.warmUps),
          Figures.rate(f),
          Figures.rate(p),
          Figures.ratio(p / f));
      last = results;
      if (!warmUp) {
        fifo.add(f);
        priority.add(p);
      }
    }
    Comparison comparison = new Comparison(fifo, priority, MINIMUM_RATIO);
    String text =
        String.format(
            Locale.ROOT,
            "Priority vs fifo: %,d instances × %d STEP events of one machine, 1 engine × %d"
                + " threads, concurrency %d, a file-level copy of the seed per drain (%,d more"
                + " ledgers without events lie in it, for the poison run); events/s = events ÷"
                + " time from start() to the last event's report\n"
                + "seeded (through Engine.enqueue, not timed as a benchmark):\n  %s\n\n%s\n"
                + "engine calls of the last round:\n  fifo:     %s\n  priority: %s\n"
                + "median: fifo %s, priority %s; priority ÷ fifo = %s; target ≥ %.2f %s\n",
            settings.instances(),
            settings.eventsPerInstance,
            settings.threads(),
            settings.threads(),
            settings.poisonInstances(),
            String.join("\n  ", seeded),
            rounds.markdown(),
            last.get("fifo").describe(),
            last.get("priority").describe(),
            Figures.rate(comparison.baselineMedian()),
            Figures.rate(comparison.variantMedian()),
            comparison.describeRatio(),
            MINIMUM_RATIO,
            Figures.verdict(comparison.pass()));
    return new Section(
        text,
        List.of(
            new Target(
                "events/s, strategy priority ÷ fifo (mixed priorities)",
                Figures.rate(comparison.variantMedian())
                    + " ÷ "
                    + Figures.rate(comparison.baselineMedian())
                    + " = "
                    + comparison.describeRatio(),
                String.format(Locale.ROOT, "≥ %.2f (priority costs ≤ 15%%)", MINIMUM_RATIO),
                comparison.pass())));
  }

  private Drain.Result drain(Drain drain, String strategy) throws InterruptedException {
    long events = (long) settings.instances() * settings.eventsPerInstance;
    Consumer<SettingsBuilder> config = config(strategy);
    Running running = new Running();
    Drain.Plan plan =
        new Drain.Plan(
            strategy.equals("fifo") ? seeds.fifo() : seeds.priority(),
            builder ->
                builder
                    .register(QueueMachines.ledger(QueueMachines.LEDGER, running))
                    .settings(config)
                    .settings(s -> s.workers(w -> w.threads(settings.threads()))),
            running,
            events,
            id -> id.startsWith(LedgerSeeds.HEALTHY),
            false);
    Drain.Result result =
        drain.run(
            plan,
            "queues_" + strategy,
            database ->
                Checks.drained(
                    database,
                    LedgerSeeds.HEALTHY,
                    settings.instances(),
                    settings.eventsPerInstance,
                    0));
    if (!result.correct()) {
      throw new IllegalStateException(strategy + " drain went wrong: " + result.check());
    }
    return result;
  }
}
