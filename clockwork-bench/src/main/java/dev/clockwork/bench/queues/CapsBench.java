package dev.clockwork.bench.queues;

import dev.clockwork.bench.durable.BenchDatabase;
import dev.clockwork.bench.durable.BenchPostgres;
import dev.clockwork.bench.durable.Figures;
import dev.clockwork.bench.durable.Markdown;
import dev.clockwork.core.definition.MachineDefinition;
import dev.clockwork.postgres.PostgresStore;
import dev.clockwork.runtime.Engine;
import dev.clockwork.runtime.EngineBuilder;
import dev.clockwork.runtime.config.ClockworkConfig;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Consumer;

/**
 * Target 2: ten machines, each with {@code concurrency: 2}, against the same ten uncapped (an
 * engine without queue settings claims without caps). The cap must hold: the most instances of each
 * machine processed at once, over every round, is printed and must not pass 2. And throughput must
 * stay within 20% of the uncapped run's when the cap is not the bottleneck: both engines claim
 * {@code machines × cap ÷ workers} instances a round, so all workers together never hold more
 * leases than the caps allow in total. A third engine with caps too high to reach (10,000) is
 * drained alongside, for information: it separates what the capped claim costs from what the cap
 * itself holds back.
 */
final class ConcurrencyBench {
  static final double MINIMUM_RATIO = 0.80;
  private static final String SEED = "queues_caps_seed";
  private static final int UNREACHABLE = 10_000;
  private static final List<String> VARIANTS = List.of("uncapped", "capped", "unreached");

  private final BenchPostgres server;
  private final QueueSettings settings;
  private final Seeder seeder;
  private final Consumer<String> progress;
  private final List<MachineDefinition> machines;

  ConcurrencyBench(
      BenchPostgres server, QueueSettings settings, Seeder seeder, Consumer<String> progress) {
    this.server = server;
    this.settings = settings;
    this.seeder = seeder;
    this.progress = progress;
    this.machines = QueueMachines.numbered(settings.machines);
  }

  private long events() {
    return (long) settings.machines * settings.instancesPerMachine * settings.eventsPerInstance;
  }

  /** Every machine's queue with {@code concurrency: cap}, as machine-level overrides. */
  private ClockworkConfig caps(int cap) {
    StringBuilder yaml = new StringBuilder("machines:\n");
    for (MachineDefinition machine : machines) {
      yaml.append("  ").append(machine.id()).append(":\n    queue:\n      concurrency: ");
      yaml.append(cap).append('\n');
    }
    return ClockworkConfig.parse(yaml.toString(), "queues-bench.yaml");
  }

  Section run() throws InterruptedException {
    progress.accept(
        String.format("seeding %d machines: %,d events ...", machines.size(), events()));
    String seeded = server.setUp(this::seed);
    Drain drain = new Drain(server);
    Map<String, List<Double>> rates = new LinkedHashMap<>();
    Map<String, Map<String, Integer>> most = new LinkedHashMap<>();
    VARIANTS.forEach(v -> rates.put(v, new ArrayList<>()));
    VARIANTS.forEach(v -> most.put(v, new TreeMap<>()));
    Map<String, Drain.Result> last = new LinkedHashMap<>();
    Markdown rounds =
        new Markdown(
            ">round",
            ">uncapped events/s",
            ">capped (2) events/s",
            ">caps 10,000 events/s",
            ">capped ÷ uncapped");
    for (int r = 0; r < settings.warmUps + settings.rounds; r++) {
      boolean warmUp = r < settings.warmUps;
      progress.accept("concurrency caps, round " + (r + 1) + (warmUp ? " (warm-up)" : "") + " ...");
      Map<String, Double> round = new LinkedHashMap<>();
      // rotate the order, so a machine growing busier or quieter favours none of them
      for (int k = 0; k < VARIANTS.size(); k++) {
        String variant = VARIANTS.get((r + k) % VARIANTS.size());
        Drain.Result result = drain(drain, variant);
        round.put(variant, result.eventsPerSecond());
        last.put(variant, result);
        // the cap must hold in every round, warm-up included
        result.mostAtOnce().forEach((m, n) -> most.get(variant).merge(m, n, Math::max));
      }
      rounds.row(
          warmUp ? "warm-up" : String.valueOf(r + 1 - settings.warmUps),
          Figures.rate(round.get("uncapped")),
          Figures.rate(round.get("capped")),
          Figures.rate(round.get("unreached")),
          Figures.ratio(round.get("capped") / round.get("uncapped")));
      if (!warmUp) {
        round.forEach((variant, rate) -> rates.get(variant).add(rate));
      }
    }
    server.drop(SEED);
    Comparison throughput =
        new Comparison(rates.get("uncapped"), rates.get("capped"), MINIMUM_RATIO);
    Comparison unreached =
        new Comparison(rates.get("uncapped"), rates.get("unreached"), MINIMUM_RATIO);
    int highest = most.get("capped").values().stream().mapToInt(Integer::intValue).max().orElse(0);
    boolean held = highest <= settings.cap && most.get("capped").size() == machines.size();
    String text =
        String.format(
            Locale.ROOT,
            "Concurrency caps (target 2): %d machines × %,d instances × %d STEP events, %d workers;"
                + " every engine claims %d instances a round (%d machines × cap %d ÷ %d workers):"
                + " the workers together hold at most %d leases, which the caps allow, so the cap"
                + " is not the bottleneck; uncapped = an engine without queue settings (no caps);"
                + " capped = concurrency: %d on each machine; caps 10,000 = caps that are never"
                + " reached (for information: the capped claim's own cost)\n"
                + "seeded (through Engine.enqueue, not timed as a benchmark): %s\n\n%s\n"
                + "most instances of one machine processed at once (from a claim's return to the"
                + " commit that gives the lease back), over all rounds:\n"
                + "  capped (2):  %s\n  uncapped:    %s\n  caps 10,000: %s\n"
                + "store calls of the last round (mean wall time per call, on the worker threads):\n"
                + "  uncapped:    %s\n  capped (2):  %s\n  caps 10,000: %s\n"
                + "cap held: highest %d ≤ %d %s\n"
                + "median: uncapped %s, capped %s, caps 10,000 %s; capped ÷ uncapped = %s; target"
                + " ≥ %.2f %s; caps 10,000 ÷ uncapped = %s\n",
            machines.size(),
            settings.instancesPerMachine,
            settings.eventsPerInstance,
            settings.workers,
            settings.capBatchSize(),
            machines.size(),
            settings.cap,
            settings.workers,
            settings.capBatchSize() * settings.workers,
            settings.cap,
            seeded,
            rounds.render(),
            describe(most.get("capped")),
            describe(most.get("uncapped")),
            describe(most.get("unreached")),
            last.get("uncapped").describeCalls(),
            last.get("capped").describeCalls(),
            last.get("unreached").describeCalls(),
            highest,
            settings.cap,
            held ? "PASS" : "MISS",
            Figures.rate(throughput.baselineMedian()),
            Figures.rate(throughput.variantMedian()),
            Figures.rate(unreached.variantMedian()),
            throughput.describeRatio(),
            MINIMUM_RATIO,
            throughput.pass() ? "PASS" : "MISS",
            unreached.describeRatio());
    return new Section(
        text,
        List.of(
            new Target(
                "most instances of one machine processed at once, concurrency: " + settings.cap,
                highest + " (" + machines.size() + " machines, every round)",
                "≤ " + settings.cap,
                held),
            new Target(
                "events/s, " + machines.size() + " machines capped ÷ uncapped",
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
    Drain.Plan plan =
        new Drain.Plan(
            SEED,
            store -> {
              EngineBuilder builder =
                  Engine.builder()
                      .store(store)
                      .options(o -> o.workers(settings.workers).batchSize(settings.capBatchSize()));
              machines.forEach(builder::register);
              switch (variant) {
                case "capped" -> builder.config(caps(settings.cap));
                case "unreached" -> builder.config(caps(UNREACHABLE));
                default -> {
                  // no queue settings: no caps
                }
              }
              return builder.build();
            },
            events(),
            id -> true,
            events());
    Drain.Result result =
        drain.run(
            plan,
            "queues_caps_" + variant,
            database ->
                Checks.drained(
                    database,
                    "m",
                    (long) machines.size() * settings.instancesPerMachine,
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
    try (BenchDatabase database = server.create(SEED);
        PostgresStore store = database.store()) {
      Engine engine = seeder.engine(store, null, machines);
      int count = machines.size() * settings.instancesPerMachine;
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
