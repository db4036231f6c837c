package dev.clockwork.bench.queues;

import dev.clockwork.bench.durable.BenchPostgres;
import dev.clockwork.bench.durable.Figures;
import dev.clockwork.bench.durable.Markdown;
import dev.clockwork.runtime.Engine;
import dev.clockwork.runtime.config.ClockworkConfig;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Consumer;

/**
 * Target 1: events per second with {@code strategy: priority} against {@code strategy: fifo}, the
 * same instances and events drained by the same workers. Every event is enqueued with one of the
 * five priorities, mixed ((instance + n) mod 5); the fifo engine stores each as normal, as fifo
 * does. Both engines get the same {@code concurrency}, high enough never to be reached.
 */
final class PriorityBench {
  static final double MINIMUM_RATIO = 0.85;

  private final BenchPostgres server;
  private final QueueSettings settings;
  private final LedgerSeeds seeds;
  private final Consumer<String> progress;

  PriorityBench(
      BenchPostgres server, QueueSettings settings, LedgerSeeds seeds, Consumer<String> progress) {
    this.server = server;
    this.settings = settings;
    this.seeds = seeds;
    this.progress = progress;
  }

  /** Instances claimed per round: the engine default. */
  private static int batchSize() {
    return dev.clockwork.runtime.config.EngineOptions.builder().build().batchSize();
  }

  private int concurrency() {
    return settings.workers * batchSize();
  }

  private ClockworkConfig config(String strategy) {
    return ClockworkConfig.parse(
        String.format(
            Locale.ROOT, "queue:\n  strategy: %s\n  concurrency: %d\n", strategy, concurrency()),
        "queues-bench.yaml");
  }

  Section run() throws InterruptedException {
    List<String> seeded =
        List.of(
            "fifo: " + seeds.describe(seeds.fifo()),
            "priority: " + seeds.describe(seeds.priority()));
    Drain drain = new Drain(server);
    List<Double> fifo = new ArrayList<>();
    List<Double> priority = new ArrayList<>();
    Markdown rounds = new Markdown(">round", ">fifo events/s", ">priority events/s", ">ratio");
    Map<String, Drain.Result> last = Map.of();
    for (int r = 0; r < settings.warmUps + settings.rounds; r++) {
      boolean warmUp = r < settings.warmUps;
      progress.accept("priority vs fifo, round " + (r + 1) + (warmUp ? " (warm-up)" : "") + " ...");
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
            "Priority vs fifo (target 1): %,d instances × %d STEP events of one machine, %d"
                + " workers, batch size %d, concurrency %d (never reached), a file-level copy of"
                + " the seed per drain (%,d more ledgers without events lie in it, for the poison run); events/s = events ÷ time from the workers' start to the"
                + " last commit\n"
                + "seeded (through Engine.enqueue, not timed as a benchmark):\n  %s\n\n%s\n"
                + "store calls of the last round (mean wall time per call, on the worker threads):\n"
                + "  fifo:     %s\n  priority: %s\n"
                + "median: fifo %s, priority %s; priority ÷ fifo = %s; target ≥ %.2f %s\n",
            settings.instances,
            settings.eventsPerInstance,
            settings.workers,
            batchSize(),
            concurrency(),
            settings.poisonInstances,
            String.join("\n  ", seeded),
            rounds.render(),
            last.get("fifo").describeCalls(),
            last.get("priority").describeCalls(),
            Figures.rate(comparison.baselineMedian()),
            Figures.rate(comparison.variantMedian()),
            comparison.describeRatio(),
            MINIMUM_RATIO,
            comparison.pass() ? "PASS" : "MISS");
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
    long events = (long) settings.instances * settings.eventsPerInstance;
    ClockworkConfig config = config(strategy);
    Drain.Plan plan =
        new Drain.Plan(
            strategy.equals("fifo") ? seeds.fifo() : seeds.priority(),
            store ->
                Engine.builder()
                    .store(store)
                    .register(QueueMachines.ledger(QueueMachines.LEDGER))
                    .config(config)
                    .options(o -> o.workers(settings.workers))
                    .build(),
            events,
            id -> id.startsWith(LedgerSeeds.HEALTHY),
            events);
    Drain.Result result =
        drain.run(
            plan,
            "queues_" + strategy,
            database ->
                Checks.drained(
                    database,
                    LedgerSeeds.HEALTHY,
                    settings.instances,
                    settings.eventsPerInstance,
                    0));
    if (!result.correct()) {
      throw new IllegalStateException(strategy + " drain went wrong: " + result.check());
    }
    return result;
  }
}
