package dev.clockwork.bench.parallel;

import dev.clockwork.bench.harness.BenchDatabase;
import dev.clockwork.bench.harness.BenchPostgres;
import dev.clockwork.bench.report.Figures;
import dev.clockwork.bench.report.RunReport;
import dev.clockwork.bench.report.Section;
import dev.clockwork.bench.report.Target;
import dev.clockwork.cli.output.Table;
import dev.clockwork.core.definition.MachineDefinition;
import dev.clockwork.core.definition.ParallelEvents;
import dev.clockwork.postgres.PostgresStore;
import dev.clockwork.runtime.Engine;
import dev.clockwork.runtime.Instance;
import dev.clockwork.runtime.instance.HistoryQuery;
import dev.clockwork.runtime.instance.NewInstance;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;

/**
 * Two slow regions (the spec's inventory, 5 s, and payment, 2 s), one instance per round and
 * variant, each variant on an engine of its own (the same database): wall time from {@code
 * engine.create} to the instance past {@code @done} — with dispatch off when the create returns (it
 * ran both actions), with dispatch on when the last region result's commit is reported — and the
 * most actions running at once, counted inside them.
 */
final class SlowRegionsBench {
  static final String MACHINE = "slow-regions";
  private static final String DATABASE = "parallel_slow";
  private static final Duration LIMIT = Duration.ofSeconds(120);

  private final BenchPostgres server;
  private final ParallelCommand settings;

  SlowRegionsBench(BenchPostgres server, ParallelCommand settings) {
    this.server = server;
    this.settings = settings;
  }

  /** One variant's round. */
  record Result(
      boolean on,
      double seconds,
      double createSeconds,
      boolean dispatched,
      int most,
      List<JobTimings.Job> jobs,
      long createdNanos,
      String check) {
    boolean correct() {
      return check.startsWith("OK");
    }
  }

  Section run() throws InterruptedException {
    List<Result> on = new ArrayList<>();
    List<Result> off = new ArrayList<>();
    Table rounds =
        new Table(
            ">round",
            "dispatch",
            ">create() returned",
            ">past @done",
            ">most running",
            "region jobs (start of action → its end → result committed, from create)",
            "check");
    server.drop(DATABASE);
    try (BenchDatabase database = server.create(DATABASE);
        PostgresStore store = database.store()) {
      for (int r = 0; r < settings.rounds(); r++) {
        for (int k = 0; k < 2; k++) {
          boolean dispatch = (r + k) % 2 == 0; // alternate which variant goes first
          RunReport.progress(
              String.format(
                  Locale.ROOT,
                  "slow regions, round %d, dispatch %s ...",
                  r + 1,
                  dispatch ? "on" : "off"));
          Result result = round(store, dispatch, "slow-" + (dispatch ? "on-" : "off-") + r);
          (dispatch ? on : off).add(result);
          rounds.row(
              String.valueOf(r + 1),
              dispatch ? "on" : "off",
              Figures.preciseSeconds(result.createSeconds()),
              Figures.preciseSeconds(result.seconds()),
              String.valueOf(result.most()),
              describeJobs(result),
              result.check());
        }
      }
    } finally {
      server.drop(DATABASE);
    }
    return section(on, off, rounds);
  }

  private Section section(List<Result> on, List<Result> off, Table rounds) {
    double onWorst = on.stream().mapToDouble(Result::seconds).max().orElse(Double.NaN);
    double onBest = on.stream().mapToDouble(Result::seconds).min().orElse(Double.NaN);
    double offWorst = off.stream().mapToDouble(Result::seconds).max().orElse(Double.NaN);
    double offBest = off.stream().mapToDouble(Result::seconds).min().orElse(Double.NaN);
    double onMedian = median(on.stream().map(Result::seconds).toList());
    double offMedian = median(off.stream().map(Result::seconds).toList());
    boolean correct =
        on.stream().allMatch(Result::correct) && off.stream().allMatch(Result::correct);
    String names = describeRegions();
    StringBuilder text =
        new StringBuilder(
            String.format(
                Locale.ROOT,
                "Slow regions: machine %s, a parallel state whose regions %s start at an atomic"
                    + " state whose entry action parks (Thread.sleep) and then raises the event"
                    + " that finishes its region; @done → completed. One instance per round and"
                    + " variant, on a fresh engine with %d region job threads (PostgreSQL, %s)."
                    + " past @done = engine.create(...) called → the instance completed: with"
                    + " dispatch off when create returns (it ran both actions), with dispatch on"
                    + " when the commit of the last region's result is reported to the engine's"
                    + " listeners (checked against engine.instance afterwards). most running ="
                    + " the most actions running at once, counted inside them.%n%n%s%n",
                MACHINE,
                names,
                settings.threads(),
                settings.run.durable() ? "commits flushed" : "fsync off",
                rounds.markdown()));
    text.append(
        String.format(
            Locale.ROOT,
            "dispatch on: median %s (rounds %s–%s; the longest action alone is %s), dispatch off:"
                + " median %s (rounds %s–%s; the actions' sum is %s); off ÷ on = %s%n",
            Figures.preciseSeconds(onMedian),
            Figures.preciseSeconds(onBest),
            Figures.preciseSeconds(onWorst),
            Figures.preciseSeconds(settings.slowLongestSeconds()),
            Figures.preciseSeconds(offMedian),
            Figures.preciseSeconds(offBest),
            Figures.preciseSeconds(offWorst),
            Figures.preciseSeconds(settings.slowSumSeconds()),
            Figures.ratio(offMedian / onMedian)));
    List<Target> targets = new ArrayList<>();
    targets.add(
        new Target(
            "slow regions " + names + ", dispatch on: create → past @done, slowest round",
            Figures.preciseSeconds(onWorst) + " (median " + Figures.preciseSeconds(onMedian) + ")",
            "≤ " + Figures.preciseSeconds(ParallelCommand.SLOW_ON_TARGET_SECONDS),
            onWorst <= ParallelCommand.SLOW_ON_TARGET_SECONDS));
    double offLimit = settings.slowSumSeconds() + ParallelCommand.SLOW_OFF_MARGIN_SECONDS;
    targets.add(
        new Target(
            "the same, dispatch off (the create runs both actions)",
            Figures.preciseSeconds(offBest)
                + "–"
                + Figures.preciseSeconds(offWorst)
                + " (off ÷ on "
                + Figures.ratio(offMedian / onMedian)
                + ")",
            "≈ "
                + Figures.preciseSeconds(settings.slowSumSeconds())
                + " (≥ the sum, ≤ "
                + Figures.preciseSeconds(offLimit)
                + ")",
            offBest >= settings.slowSumSeconds() && offWorst <= offLimit));
    targets.add(
        new Target(
            "the same: most actions running at once, on / off",
            peaks(on) + " / " + peaks(off),
            "= " + settings.slowRegions.size() + " / 1",
            on.stream().allMatch(x -> x.most() == settings.slowRegions.size())
                && off.stream().allMatch(x -> x.most() == 1)));
    targets.add(
        new Target(
            "the same: every instance past @done once, every job applied once",
            correct ? "yes" : "no (see the check column)",
            "yes",
            correct));
    return new Section(text.toString(), targets);
  }

  private String describeRegions() {
    List<String> parts = new ArrayList<>();
    for (int i = 0; i < settings.slowRegions.size(); i++) {
      parts.add(
          settings.slowRegions.get(i)
              + " "
              + Figures.seconds(settings.slowMillis.get(i) / 1000.0).replace(".0 s", " s"));
    }
    return String.join(" + ", parts);
  }

  private static String peaks(List<Result> results) {
    int low = results.stream().mapToInt(Result::most).min().orElse(0);
    int high = results.stream().mapToInt(Result::most).max().orElse(0);
    return low == high ? String.valueOf(low) : low + "–" + high;
  }

  private static double median(List<Double> values) {
    if (values.isEmpty()) {
      return Double.NaN;
    }
    List<Double> sorted = values.stream().sorted().toList();
    int n = sorted.size();
    return n % 2 == 1 ? sorted.get(n / 2) : (sorted.get(n / 2 - 1) + sorted.get(n / 2)) / 2;
  }

  /** "payment 0.03 → 2.03 → 2.04 s; inventory …", from the create call; "in create()" when off. */
  private static String describeJobs(Result result) {
    if (!result.on()) {
      return "none: the actions ran inside create()";
    }
    List<String> parts = new ArrayList<>();
    result.jobs().stream()
        .sorted(Comparator.comparingLong(j -> j.actionStart))
        .forEach(
            j ->
                parts.add(
                    String.format(
                        Locale.ROOT,
                        "%s %.3f → %.3f → %.3f s",
                        j.region,
                        (j.actionStart - result.createdNanos()) / 1e9,
                        (j.actionEnd - result.createdNanos()) / 1e9,
                        (j.end - result.createdNanos()) / 1e9)));
    return parts.isEmpty() ? "none seen" : String.join("; ", parts);
  }

  private Result round(PostgresStore store, boolean dispatch, String id)
      throws InterruptedException {
    JobTimings timings = new JobTimings(settings.slowRegions.size());
    SlowActions actions = new SlowActions(timings);
    MachineDefinition machine =
        BenchMachines.regions(MACHINE, settings.slowRegions, settings.slowMillis, actions);
    Engine engine =
        Engine.builder()
            .store(timings.wrap(store))
            .register(machine)
            .listener(timings)
            .settings(s -> s.parallelDispatch(p -> p.enabled(dispatch)))
            .settings(s -> s.workers(w -> w.regionJobThreads(settings.threads())))
            .build()
            .start();
    try {
      long started = System.nanoTime();
      Instance created = engine.create(NewInstance.of(MACHINE).id(id));
      long returned = System.nanoTime();
      long done = returned;
      if (dispatch) {
        done = timings.awaitCompleted(1, LIMIT);
        if (done < 0) {
          throw new IllegalStateException(
              "the slow instance " + id + " was not done within " + LIMIT);
        }
      }
      Instance now = engine.instances().get(id);
      int enters = engine.instances().history(HistoryQuery.ofType(id, ParallelEvents.ENTER)).size();
      int dones = engine.instances().history(HistoryQuery.ofType(id, ParallelEvents.DONE)).size();
      boolean ok =
          now.states().equals(List.of(BenchMachines.COMPLETED))
              && created.dispatched() == dispatch
              && (!dispatch || (enters == settings.slowRegions.size() && dones == 1))
              && engine.regionJobs().pending(id).isEmpty()
              && actions.ran() == settings.slowRegions.size();
      String check =
          String.format(
              Locale.ROOT,
              "%s: %s, dispatched() %s, %d %s + %d %s rows, %d actions run",
              ok ? "OK" : "WRONG",
              now.states(),
              created.dispatched(),
              enters,
              ParallelEvents.ENTER,
              dones,
              ParallelEvents.DONE,
              actions.ran());
      return new Result(
          dispatch,
          (done - started) / 1e9,
          (returned - started) / 1e9,
          created.dispatched(),
          actions.most(),
          timings.jobs(),
          started,
          check);
    } finally {
      engine.close();
    }
  }
}
