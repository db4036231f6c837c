package dev.clockwork.bench.queues;

import dev.clockwork.bench.harness.BenchPostgres;
import dev.clockwork.bench.report.Figures;
import dev.clockwork.bench.report.RunReport;
import dev.clockwork.bench.report.Section;
import dev.clockwork.bench.report.Target;
import dev.clockwork.cli.output.Table;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Poisoned events, each refused by its action with {@code scope.fail("POISON")} (not retryable:
 * straight to the dead letters), on instances of their own and interleaved with healthy traffic,
 * must not slow the healthy instances by more than 10%. The healthy instances' throughput (their
 * events ÷ time from {@code start()} to the report of their last one) is measured with the poison
 * and without it: the same healthy events, enqueued at the same instants, and the poisoned
 * instances created in both but given their events only in the poisoned seed, between the healthy
 * ones (a copy of the clean seed with the POISON events added). Default engine options.
 */
final class PoisonBench {
  static final double MINIMUM_RATIO = 0.90;
  private static final String HEALTHY = LedgerSeeds.HEALTHY;

  private final BenchPostgres server;
  private final QueuesCommand settings;
  private final LedgerSeeds seeds;

  PoisonBench(BenchPostgres server, QueuesCommand settings, LedgerSeeds seeds) {
    this.server = server;
    this.settings = settings;
    this.seeds = seeds;
  }

  private long healthyEvents() {
    return (long) settings.instances() * settings.eventsPerInstance;
  }

  Section run() throws InterruptedException {
    String seeded =
        "clean: "
            + seeds.describe(seeds.fifo())
            + "; poisoned (a copy of it): "
            + seeds.describe(seeds.poisoned());
    Drain drain = new Drain(server);
    List<Double> clean = new ArrayList<>();
    List<Double> poisoned = new ArrayList<>();
    Drain.Result lastClean = null;
    Drain.Result lastPoisoned = null;
    Table rounds =
        new Table(
            ">round",
            ">healthy events/s, no poison",
            ">healthy events/s, with poison",
            ">ratio",
            ">with poison: healthy done",
            ">all done",
            ">dead letters");
    for (int r = 0; r < settings.warmUps + settings.rounds(); r++) {
      boolean warmUp = r < settings.warmUps;
      RunReport.progress("poison, round " + (r + 1) + (warmUp ? " (warm-up)" : "") + " ...");
      Drain.Result c;
      Drain.Result p;
      if (r % 2 == 0) {
        c = drain(drain, false);
        p = drain(drain, true);
      } else {
        p = drain(drain, true);
        c = drain(drain, false);
      }
      rounds.row(
          warmUp ? "warm-up" : String.valueOf(r + 1 - settings.warmUps),
          Figures.rate(c.watchedPerSecond()),
          Figures.rate(p.watchedPerSecond()),
          Figures.ratio(p.watchedPerSecond() / c.watchedPerSecond()),
          Figures.preciseSeconds(p.watchedSeconds()),
          Figures.preciseSeconds(p.seconds()),
          Figures.count(p.deadLettered()));
      if (!warmUp) {
        clean.add(c.watchedPerSecond());
        poisoned.add(p.watchedPerSecond());
      }
      lastClean = c;
      lastPoisoned = p;
    }
    Comparison comparison = new Comparison(clean, poisoned, MINIMUM_RATIO);
    String text =
        String.format(
            Locale.ROOT,
            "Poison: %,d healthy instances × %d STEP events, and %,d poisoned events (%,d"
                + " instances of their own × %d POISON, each refused with scope.fail(\"POISON\"):"
                + " dead-lettered at once) placed between them; one machine, 1 engine × %d"
                + " threads, default engine options (cap 10); healthy events/s = healthy events ÷"
                + " time from start() to the last healthy event's report\n"
                + "seeded (through Engine.enqueue, not timed as a benchmark): %s\n\n%s\n"
                + "last poisoned drain: %s\n"
                + "engine calls of the last round:\n  no poison:   %s\n  with poison: %s\n"
                + "the whole poisoned drain took %.3f ms longer per poisoned event than the clean"
                + " one (last round)\n"
                + "median healthy events/s: no poison %s, with poison %s; with ÷ without = %s;"
                + " target ≥ %.2f %s\n\n"
                + "Where the database time went in the last round (pg_stat_statements over each"
                + " drain; per event, healthy or poisoned)\n\nno poison (%,d events):\n\n%s\n"
                + "with poison (%,d events):\n\n%s",
            settings.instances(),
            settings.eventsPerInstance,
            settings.poisonEvents(),
            settings.poisonInstances(),
            settings.poisonPerInstance,
            settings.threads(),
            seeded,
            rounds.markdown(),
            lastPoisoned.check(),
            lastClean.describe(),
            lastPoisoned.describe(),
            (lastPoisoned.seconds() - lastClean.seconds()) * 1000 / settings.poisonEvents(),
            Figures.rate(comparison.baselineMedian()),
            Figures.rate(comparison.variantMedian()),
            comparison.describeRatio(),
            MINIMUM_RATIO,
            Figures.verdict(comparison.pass()),
            lastClean.events(),
            lastClean.statements().table(lastClean.events(), 10),
            lastPoisoned.events(),
            lastPoisoned.statements().table(lastPoisoned.events(), 10));
    return new Section(
        text,
        List.of(
            new Target(
                String.format(
                    Locale.ROOT,
                    "healthy events/s with %,d poisoned events ÷ without",
                    settings.poisonEvents()),
                Figures.rate(comparison.variantMedian())
                    + " ÷ "
                    + Figures.rate(comparison.baselineMedian())
                    + " = "
                    + comparison.describeRatio(),
                String.format(Locale.ROOT, "≥ %.2f (slows ≤ 10%%)", MINIMUM_RATIO),
                comparison.pass())));
  }

  private Drain.Result drain(Drain drain, boolean poison) throws InterruptedException {
    long dead = poison ? settings.poisonEvents() : 0;
    Running running = new Running();
    Drain.Plan plan =
        new Drain.Plan(
            poison ? seeds.poisoned() : seeds.fifo(),
            builder ->
                builder
                    .register(QueueMachines.ledger(QueueMachines.LEDGER, running))
                    .settings(s -> s.workers(w -> w.threads(settings.threads()))),
            running,
            healthyEvents() + dead,
            id -> id.startsWith(HEALTHY),
            false);
    Drain.Result result =
        drain.run(
            plan,
            poison ? "queues_poisoned" : "queues_clean",
            database ->
                Checks.drained(
                    database, HEALTHY, settings.instances(), settings.eventsPerInstance, dead));
    if (!result.correct()) {
      throw new IllegalStateException(
          (poison ? "poisoned" : "clean") + " drain went wrong: " + result.check());
    }
    return result;
  }
}
