package dev.clockwork.bench.queues;

import dev.clockwork.bench.harness.BenchDatabase;
import dev.clockwork.bench.harness.BenchPostgres;
import dev.clockwork.bench.report.Figures;
import dev.clockwork.bench.report.RunReport;
import dev.clockwork.bench.report.Section;
import dev.clockwork.bench.report.Target;
import dev.clockwork.cli.output.Table;
import dev.clockwork.core.definition.MachineDefinition;
import dev.clockwork.postgres.PostgresStore;
import dev.clockwork.runtime.Engine;
import dev.clockwork.runtime.config.SettingsBuilder;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Consumer;

/**
 * Ten machines, each with {@code concurrency: 2}, against the same ten with caps never reached
 * (10,000; every machine has a cap since the default is 10). The cap must hold: the most STEP
 * actions of each machine running at once, counted inside the actions, over every round, must not
 * pass 2. (The most leases each machine held at once, counted by the database ({@link
 * dev.clockwork.bench.harness.LeasePeaks}), is shown beside it: it may pass the cap by the turns
 * whose commits are being written, which the cap does not count — a worker claims while its last
 * turns flush.) And throughput must stay within 20% of the run without a reachable cap when the cap
 * is not the bottleneck: ten machines × cap 2 allow more turns at once than the engine has threads.
 */
final class CapsBench {
  static final double MINIMUM_RATIO = 0.80;
  private static final String SEED = "queues_caps_seed";
  private static final int UNREACHABLE = 10_000;
  private static final List<String> VARIANTS = List.of("unreached", "capped");

  private final BenchPostgres server;
  private final QueuesCommand settings;
  private final Seeder seeder;

  CapsBench(BenchPostgres server, QueuesCommand settings, Seeder seeder) {
    this.server = server;
    this.settings = settings;
    this.seeder = seeder;
  }

  private long events() {
    return (long) settings.machines * settings.instancesPerMachine() * settings.eventsPerInstance;
  }

  /** Every machine's queue with {@code concurrency: cap}, as machine-level settings. */
  private static Consumer<SettingsBuilder> caps(List<MachineDefinition> machines, int cap) {
    return s ->
        machines.forEach(machine -> s.machine(machine.id(), m -> m.queue(q -> q.concurrency(cap))));
  }

  Section run() throws InterruptedException {
    RunReport.progress(
        String.format(
            Locale.ROOT, "seeding %d machines: %,d events ...", settings.machines, events()));
    String seeded = server.setUp(this::seed);
    Drain drain = new Drain(server);
    Map<String, List<Double>> rates = new LinkedHashMap<>();
    Map<String, Map<String, Integer>> most = new LinkedHashMap<>();
    Map<String, Map<String, Integer>> leases = new LinkedHashMap<>();
    VARIANTS.forEach(v -> rates.put(v, new ArrayList<>()));
    VARIANTS.forEach(v -> most.put(v, new TreeMap<>()));
    VARIANTS.forEach(v -> leases.put(v, new TreeMap<>()));
    Map<String, Drain.Result> last = new LinkedHashMap<>();
    Table rounds =
        new Table(
            ">round", ">caps 10,000 events/s", ">capped (2) events/s", ">capped ÷ caps 10,000");
    for (int r = 0; r < settings.warmUps + settings.rounds(); r++) {
      boolean warmUp = r < settings.warmUps;
      RunReport.progress(
          "concurrency caps, round " + (r + 1) + (warmUp ? " (warm-up)" : "") + " ...");
      Map<String, Double> round = new LinkedHashMap<>();
      // alternate the order, so a machine growing busier or quieter favours neither
      for (int k = 0; k < VARIANTS.size(); k++) {
        String variant = VARIANTS.get((r + k) % VARIANTS.size());
        Drain.Result result = drain(drain, variant);
        round.put(variant, result.eventsPerSecond());
        last.put(variant, result);
        // the cap must hold in every round, warm-up included
        result.peaks().forEach((m, n) -> most.get(variant).merge(m, n, Math::max));
        result.leasePeaks().forEach((m, n) -> leases.get(variant).merge(m, n, Math::max));
      }
      rounds.row(
          warmUp ? "warm-up" : String.valueOf(r + 1 - settings.warmUps),
          Figures.rate(round.get("unreached")),
          Figures.rate(round.get("capped")),
          Figures.ratio(round.get("capped") / round.get("unreached")));
      if (!warmUp) {
        round.forEach((variant, rate) -> rates.get(variant).add(rate));
      }
    }
    server.drop(SEED);
    Comparison throughput =
        new Comparison(rates.get("unreached"), rates.get("capped"), MINIMUM_RATIO);
    int highest = most.get("capped").values().stream().mapToInt(Integer::intValue).max().orElse(0);
    boolean held = highest <= settings.cap && most.get("capped").size() == settings.machines;
    String text =
        String.format(
            Locale.ROOT,
            "Concurrency caps: %d machines × %,d instances × %d STEP events, 1 engine × %d threads;"
                + " capped = concurrency: %d on each machine (%d turns at once in all, more than"
                + " the threads); caps 10,000 = caps never reached\n"
                + "seeded (through Engine.enqueue, not timed as a benchmark): %s\n\n%s\n"
                + "most leases of one machine held at once (counted by the database, a trigger on"
                + " cw_leases, in both variants; leases of turns whose commits are being written"
                + " take no room under the cap), over all rounds:\n"
                + "  capped (2):  %s\n  caps 10,000: %s\n"
                + "most STEP actions of one machine running at once (counted inside the actions,"
                + " which take microseconds), over all rounds:\n  capped (2):  %s\n  caps 10,000:"
                + " %s\n"
                + "engine calls of the last round:\n  caps 10,000: %s\n  capped (2):  %s\n"
                + "cap held (actions running at once): highest %d ≤ %d %s\n"
                + "median: caps 10,000 %s, capped %s; capped ÷ caps 10,000 = %s; target ≥ %.2f"
                + " %s\n",
            settings.machines,
            settings.instancesPerMachine(),
            settings.eventsPerInstance,
            settings.threads(),
            settings.cap,
            settings.machines * settings.cap,
            seeded,
            rounds.markdown(),
            describe(leases.get("capped")),
            describe(leases.get("unreached")),
            describe(most.get("capped")),
            describe(most.get("unreached")),
            last.get("unreached").describe(),
            last.get("capped").describe(),
            highest,
            settings.cap,
            Figures.verdict(held),
            Figures.rate(throughput.baselineMedian()),
            Figures.rate(throughput.variantMedian()),
            throughput.describeRatio(),
            MINIMUM_RATIO,
            Figures.verdict(throughput.pass()));
    return new Section(
        text,
        List.of(
            new Target(
                "most actions of one machine running at once, concurrency: " + settings.cap,
                highest + " (" + settings.machines + " machines, every round)",
                "≤ " + settings.cap,
                held),
            new Target(
                "events/s, " + settings.machines + " machines capped ÷ caps never reached",
                Figures.rate(throughput.variantMedian())
                    + " ÷ "
                    + Figures.rate(throughput.baselineMedian())
                    + " = "
                    + throughput.describeRatio(),
                String.format(Locale.ROOT, "≥ %.2f (within 20%%)", MINIMUM_RATIO),
                throughput.pass())));
  }

  /** "m0 2, m1 2, …". */
  private static String describe(Map<String, Integer> most) {
    List<String> parts = new ArrayList<>();
    most.forEach((machine, count) -> parts.add(machine + " " + count));
    return String.join(", ", parts);
  }

  private Drain.Result drain(Drain drain, String variant) throws InterruptedException {
    Running running = new Running();
    List<MachineDefinition> machines = QueueMachines.numbered(settings.machines, running);
    Consumer<SettingsBuilder> caps =
        caps(machines, variant.equals("capped") ? settings.cap : UNREACHABLE);
    Drain.Plan plan =
        new Drain.Plan(
            SEED,
            builder -> {
              machines.forEach(builder::register);
              return builder
                  .settings(caps)
                  .settings(s -> s.workers(w -> w.threads(settings.threads())));
            },
            running,
            events(),
            id -> true,
            true);
    Drain.Result result =
        drain.run(
            plan,
            "queues_caps_" + variant,
            database ->
                Checks.drained(
                    database,
                    "m",
                    (long) settings.machines * settings.instancesPerMachine(),
                    settings.eventsPerInstance,
                    0));
    if (!result.correct()) {
      throw new IllegalStateException(variant + " drain went wrong: " + result.check());
    }
    return result;
  }

  /** Instance j of machine k is {@code mk-j}; the machines' instances interleave in each round. */
  private String seed() {
    server.drop(SEED);
    List<MachineDefinition> machines = QueueMachines.numbered(settings.machines, new Running());
    try (BenchDatabase database = server.create(SEED);
        PostgresStore store = database.store()) {
      Engine engine = seeder.engine(store, null, machines);
      int count = machines.size() * settings.instancesPerMachine();
      List<String> ids = new ArrayList<>(count);
      for (int i = 0; i < count; i++) {
        ids.add(String.format("m%d-%06d", i % machines.size(), i / machines.size()));
      }
      double created = seeder.create(engine, ids, i -> machines.get(i % machines.size()).id());
      double enqueued =
          seeder.enqueue(
              engine,
              new Seeder.Feed(
                  ids,
                  settings.eventsPerInstance,
                  QueueMachines.STEP,
                  i -> (double) i / count,
                  1,
                  false),
              2L * count);
      return "created " + Figures.rate(created) + ", enqueued " + Figures.rate(enqueued);
    }
  }
}
