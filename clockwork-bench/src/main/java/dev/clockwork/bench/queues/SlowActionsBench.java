package dev.clockwork.bench.queues;

import dev.clockwork.bench.harness.BenchDatabase;
import dev.clockwork.bench.harness.BenchPostgres;
import dev.clockwork.bench.report.Figures;
import dev.clockwork.bench.report.RunReport;
import dev.clockwork.bench.report.Section;
import dev.clockwork.bench.report.Target;
import dev.clockwork.cli.output.Table;
import dev.clockwork.postgres.PostgresStore;
import dev.clockwork.runtime.Engine;
import dev.clockwork.runtime.config.SettingsBuilder;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Consumer;

/**
 * Slow actions: {@code instances} instances with one event each, whose action takes 20 ms of wall
 * time (it parks, as an action waiting on a remote call would), drained by one engine with 16
 * worker threads under a cap below the threads (10) and one above them (50). How many actions run
 * at once is counted inside the action; the drain time shows whether the engine keeps that many
 * running all along: the ideal is {@code instances × 20 ms ÷ min(threads, cap)}.
 */
final class SlowActionsBench {
  /** The cap-10 drain of 1,000 × 20 ms must end within this (the ideal is 2.0 s). */
  static final double DRAIN_TARGET_SECONDS = 2.5;

  private static final String SEED = "queues_slow_seed";

  private final BenchPostgres server;
  private final QueuesCommand settings;
  private final Seeder seeder;

  SlowActionsBench(BenchPostgres server, QueuesCommand settings, Seeder seeder) {
    this.server = server;
    this.settings = settings;
    this.seeder = seeder;
  }

  /** What the threads and the cap allow at once. */
  private int limit(int cap) {
    return Math.min(settings.threads(), cap);
  }

  /** The drain time if {@link #limit} actions ran at every instant: whole waves of them. */
  private double idealSeconds(int cap) {
    int waves = (settings.slowInstances() + limit(cap) - 1) / limit(cap);
    return waves * settings.slowMillis / 1000.0;
  }

  /** The drain target, scaled with the instances (2.5 s at the full 1,000). */
  private double targetSeconds(int cap) {
    return idealSeconds(cap) * DRAIN_TARGET_SECONDS / 2.0;
  }

  Section run() throws InterruptedException {
    RunReport.progress(
        String.format(Locale.ROOT, "seeding %,d slow instances ...", settings.slowInstances()));
    String seeded = server.setUp(this::seed);
    Drain drain = new Drain(server);
    List<Integer> caps = settings.slowCaps;
    Map<Integer, List<Double>> seconds = new LinkedHashMap<>();
    Map<Integer, List<Integer>> peaks = new LinkedHashMap<>();
    Map<Integer, Drain.Result> last = new LinkedHashMap<>();
    caps.forEach(c -> seconds.put(c, new ArrayList<>()));
    caps.forEach(c -> peaks.put(c, new ArrayList<>()));
    List<String> header = new ArrayList<>(List.of(">round"));
    for (int cap : caps) {
      header.add(">cap " + cap + ": drain");
      header.add(">peak running");
    }
    Table rounds = new Table(header.toArray(String[]::new));
    for (int r = 0; r < settings.warmUps + settings.rounds(); r++) {
      boolean warmUp = r < settings.warmUps;
      RunReport.progress("slow actions, round " + (r + 1) + (warmUp ? " (warm-up)" : "") + " ...");
      Map<Integer, Drain.Result> round = new LinkedHashMap<>();
      for (int k = 0; k < caps.size(); k++) {
        int cap = caps.get((r + k) % caps.size());
        round.put(cap, drain(drain, cap));
      }
      List<String> cells = new ArrayList<>(List.of(warmUp ? "warm-up" : String.valueOf(r)));
      for (int cap : caps) {
        Drain.Result result = round.get(cap);
        int peak = result.peaks().getOrDefault(QueueMachines.SLOW, 0);
        cells.add(Figures.preciseSeconds(result.seconds()));
        cells.add(String.valueOf(peak));
        last.put(cap, result);
        if (!warmUp) {
          seconds.get(cap).add(result.seconds());
          peaks.get(cap).add(peak);
        }
      }
      rounds.row(cells.toArray(String[]::new));
    }
    server.drop(SEED);
    StringBuilder text =
        new StringBuilder(
            String.format(
                Locale.ROOT,
                "Slow actions: %,d instances × 1 WORK event whose action parks %d ms; 1 engine ×"
                    + " %d threads; caps %s; drain = start() → the last event's report; peak"
                    + " running = the most actions running at once, counted inside the action"
                    + " (an AtomicInteger, not timings)\n"
                    + "seeded (through Engine.enqueue, not timed as a benchmark): %s\n\n%s\n",
                settings.slowInstances(),
                settings.slowMillis,
                settings.threads(),
                caps,
                seeded,
                rounds.markdown()));
    List<Target> targets = new ArrayList<>();
    for (int cap : caps) {
      double median = Comparison.median(seconds.get(cap));
      int low = peaks.get(cap).stream().mapToInt(Integer::intValue).min().orElse(0);
      int high = peaks.get(cap).stream().mapToInt(Integer::intValue).max().orElse(0);
      int limit = limit(cap);
      text.append(
          String.format(
              Locale.ROOT,
              "cap %d: median drain %s (ideal %s: %,d × %d ms ÷ %d at once), peak running %s"
                  + " (leases held at once, counted by the database, last round: %s); engine calls"
                  + " of the last round: %s%n",
              cap,
              Figures.preciseSeconds(median),
              Figures.preciseSeconds(idealSeconds(cap)),
              settings.slowInstances(),
              settings.slowMillis,
              limit,
              low == high ? String.valueOf(low) : low + "–" + high,
              last.get(cap).leasePeaks().getOrDefault(QueueMachines.SLOW, 0),
              last.get(cap).describe()));
      String threads = settings.threads() + " threads";
      if (cap < settings.threads()) {
        targets.add(
            new Target(
                String.format(
                    Locale.ROOT,
                    "slow actions: drain of %,d × %d ms, cap %d, %s",
                    settings.slowInstances(),
                    settings.slowMillis,
                    cap,
                    threads),
                Figures.preciseSeconds(median)
                    + " (ideal "
                    + Figures.preciseSeconds(idealSeconds(cap))
                    + ")",
                "≤ " + Figures.preciseSeconds(targetSeconds(cap)),
                median <= targetSeconds(cap)));
      }
      targets.add(
          new Target(
              String.format(Locale.ROOT, "slow actions: peak running, cap %d, %s", cap, threads),
              low == high ? String.valueOf(low) : low + "–" + high + " (rounds differ)",
              "= " + limit + (cap < settings.threads() ? " (the cap)" : " (the threads)"),
              low == limit && high == limit));
    }
    return new Section(text.toString(), targets);
  }

  private static Consumer<SettingsBuilder> config(int cap) {
    return s -> s.machine(QueueMachines.SLOW, m -> m.queue(q -> q.concurrency(cap)));
  }

  private Drain.Result drain(Drain drain, int cap) throws InterruptedException {
    Running running = new Running();
    Consumer<SettingsBuilder> config = config(cap);
    Drain.Plan plan =
        new Drain.Plan(
            SEED,
            builder ->
                builder
                    .register(QueueMachines.slow(settings.slowMillis, running))
                    .settings(config)
                    .settings(s -> s.workers(w -> w.threads(settings.threads()))),
            running,
            settings.slowInstances(),
            id -> true,
            true);
    Drain.Result result = drain.run(plan, "queues_slow_" + cap, this::check);
    if (!result.correct()) {
      throw new IllegalStateException("slow drain, cap " + cap + ", went wrong: " + result.check());
    }
    return result;
  }

  /** Every instance done, no event left, no dead letter. */
  private String check(BenchDatabase database) {
    long done =
        database.queryLong(
            "SELECT count(*) FROM cw_instances WHERE jsonb_path_query_array(active, '$[*].path') @> '[\"done\"]'");
    long left = database.queryLong("SELECT count(*) FROM cw_queue");
    long dead = database.queryLong("SELECT count(*) FROM cw_dead_letters");
    boolean ok = done == settings.slowInstances() && left == 0 && dead == 0;
    return String.format(
        Locale.ROOT,
        "%s: %,d of %,d instances done, %,d events left, %,d dead letters",
        ok ? "OK" : "WRONG",
        done,
        settings.slowInstances(),
        left,
        dead);
  }

  private String seed() {
    server.drop(SEED);
    List<String> ids = new ArrayList<>();
    for (int i = 0; i < settings.slowInstances(); i++) {
      ids.add(String.format("slow-%06d", i));
    }
    try (BenchDatabase database = server.create(SEED);
        PostgresStore store = database.store()) {
      Engine engine = seeder.engine(store, null, List.of(QueueMachines.slow(0, new Running())));
      double created = seeder.create(engine, ids, i -> QueueMachines.SLOW);
      double enqueued =
          seeder.enqueue(
              engine,
              new Seeder.Feed(ids, 1, QueueMachines.WORK, i -> (double) i / ids.size(), 1, false),
              2L * ids.size());
      return "created " + Figures.rate(created) + ", enqueued " + Figures.rate(enqueued);
    }
  }
}
