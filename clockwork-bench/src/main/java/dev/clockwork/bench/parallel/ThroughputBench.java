package dev.clockwork.bench.parallel;

import dev.clockwork.bench.harness.BenchDatabase;
import dev.clockwork.bench.harness.BenchPostgres;
import dev.clockwork.bench.harness.CallStats;
import dev.clockwork.bench.harness.CpuMeter;
import dev.clockwork.bench.harness.Samples;
import dev.clockwork.bench.harness.StatementProfile;
import dev.clockwork.bench.harness.ThreadCpu;
import dev.clockwork.bench.report.Figures;
import dev.clockwork.bench.report.RunReport;
import dev.clockwork.bench.report.Section;
import dev.clockwork.bench.report.Target;
import dev.clockwork.cli.output.Table;
import dev.clockwork.core.definition.MachineDefinition;
import dev.clockwork.core.definition.ParallelEvents;
import dev.clockwork.postgres.PostgresStore;
import dev.clockwork.runtime.Engine;
import dev.clockwork.runtime.instance.NewInstance;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.ToDoubleFunction;
import java.util.function.ToLongFunction;
import java.util.stream.IntStream;

/**
 * Region job throughput: {@code instances} instances of a machine whose parallel state has {@code
 * regions} regions, each region's entry action parking {@code jobMillis}, on one engine with {@code
 * threads} region job threads and dispatch on. Each round starts the engine on emptied tables, then
 * creates the instances from one thread (as request threads would; their jobs start while the rest
 * are created) and waits until every instance is past {@code @done}. Measured: wall time (first
 * create → the last instance's completing commit reported), jobs and instances per second against
 * the ideal (the actions' time ÷ the threads), the most actions running at once, the CPU of the JVM
 * and of PostgreSQL per job, the CPU of each group of engine threads, and each job's time on its
 * thread before and after its action ({@link JobTimings}).
 */
final class ThroughputBench {
  static final String MACHINE = "fan-out";
  private static final String DATABASE = "parallel_throughput";

  /** The thread groups whose CPU is reported, in order. */
  static final String JOB_THREADS = "region job threads (run the jobs)";

  static final String CLAIMER = "region job claimer";
  static final String CREATOR = "the creating thread (engine.create × instances)";
  static final String WORKERS = "event workers, dispatcher, heartbeat, tasks (idle here)";
  static final String OTHER = "other Java threads (pools, LISTEN, watchdog, …)";
  static final String UNATTRIBUTED =
      "unattributed: process − the threads above (threads that ended, 10 ms ticks)";
  static final List<String> GROUPS = List.of(JOB_THREADS, CLAIMER, CREATOR, WORKERS, OTHER);

  private final BenchPostgres server;
  private final ParallelCommand settings;

  ThroughputBench(BenchPostgres server, ParallelCommand settings) {
    this.server = server;
    this.settings = settings;
  }

  /** One round. */
  record Result(
      double seconds,
      double createSeconds,
      int most,
      List<JobTimings.Job> jobs,
      int unfinished,
      CpuMeter.Use cpu,
      Map<String, Double> threadCpu,
      Map<String, Double> vmCpu,
      CallStats claims,
      CallStats commits,
      Map<String, CallStats> calls,
      String check,
      StatementProfile statements) {
    boolean correct() {
      return check.startsWith("OK");
    }
  }

  Section run() throws InterruptedException {
    int total = settings.warmUps + settings.rounds();
    List<Result> measured = new ArrayList<>();
    Table rounds =
        new Table(
            ">round",
            ">wall",
            ">÷ ideal",
            ">region jobs/s",
            ">instances/s",
            ">creates took",
            ">most running",
            ">JVM CPU/job",
            ">PostgreSQL CPU/job",
            ">engine time/job on its thread",
            "CPU",
            "check");
    server.drop(DATABASE);
    try (BenchDatabase database = server.create(DATABASE);
        PostgresStore store = database.store()) {
      for (int r = 0; r < total; r++) {
        boolean warmUp = r < settings.warmUps;
        RunReport.progress(
            String.format(
                Locale.ROOT,
                "throughput, round %d%s: %,d instances × %d regions × %d ms ...",
                r + 1,
                warmUp ? " (warm-up)" : "",
                settings.instances(),
                settings.regions,
                settings.jobMillis));
        Result result = round(database, store, r, r == total - 1);
        if (!warmUp) {
          measured.add(result);
        }
        rounds.row(
            warmUp ? "warm-up" : String.valueOf(r),
            Figures.preciseSeconds(result.seconds()),
            Figures.ratio(result.seconds() / settings.idealSeconds()),
            Figures.rate(settings.jobs() / result.seconds()),
            String.format(Locale.ROOT, "%.1f/s", settings.instances() / result.seconds()),
            Figures.preciseSeconds(result.createSeconds()),
            String.valueOf(result.most()),
            Figures.millis(1e9 * result.cpu().jvmSeconds() / settings.jobs()),
            Figures.millis(1e9 * result.cpu().postgresSeconds() / settings.jobs()),
            Figures.millis(mean(result.jobs(), JobTimings.Job::engine)),
            result.cpu().brief(),
            result.check());
      }
    } finally {
      server.drop(DATABASE);
    }
    return section(measured, rounds);
  }

  private Section section(List<Result> measured, Table rounds) {
    int jobs = settings.jobs();
    double wall = median(measured, Result::seconds);
    double cpuPerJob = median(measured, r -> 1e3 * r.cpu().jvmSeconds() / jobs);
    double pgPerJob = median(measured, r -> 1e3 * r.cpu().postgresSeconds() / jobs);
    List<JobTimings.Job> pooled = new ArrayList<>();
    measured.forEach(r -> pooled.addAll(r.jobs()));
    double enginePerJob = median(measured, r -> mean(r.jobs(), JobTimings.Job::engine) / 1e6);
    int mostLow = measured.stream().mapToInt(Result::most).min().orElse(0);
    int mostHigh = measured.stream().mapToInt(Result::most).max().orElse(0);
    boolean correct = measured.stream().allMatch(Result::correct);
    Result last = measured.get(measured.size() - 1);

    StringBuilder text = new StringBuilder();
    text.append(
        String.format(
            Locale.ROOT,
            "Region job throughput: %,d instances of %s, a parallel state of %d regions whose entry"
                + " actions park %d ms (Thread.sleep) then finish their region, @done → completed:"
                + " %,d region jobs per round on 1 engine with %d region job threads, dispatch on"
                + " (PostgreSQL, %s). Each round: tables emptied, VACUUM ANALYZE, the engine"
                + " started, then the instances created from one thread (their jobs start while"
                + " the rest are created); wall = the first create → the commit completing the"
                + " last instance reported. ideal = %,d × %d ms ÷ %d threads = %s. CPU figures"
                + " cover the same window (the creates included).%n%n%s%n",
            settings.instances(),
            MACHINE,
            settings.regions,
            settings.jobMillis,
            jobs,
            settings.threads(),
            settings.run.durable() ? "commits flushed" : "fsync off",
            jobs,
            settings.jobMillis,
            settings.threads(),
            Figures.preciseSeconds(settings.idealSeconds()),
            rounds.markdown()));
    text.append(
        String.format(
            Locale.ROOT,
            "median of %d measured round(s): wall %s (ideal %s, %s of it), %s region jobs, %.1f"
                + " instances/s; most actions running at once %s%n%n",
            measured.size(),
            Figures.preciseSeconds(wall),
            Figures.preciseSeconds(settings.idealSeconds()),
            Figures.ratio(wall / settings.idealSeconds()),
            Figures.rate(jobs / wall),
            settings.instances() / wall,
            mostLow == mostHigh ? String.valueOf(mostLow) : mostLow + "–" + mostHigh));

    text.append(cpuTable(last)).append('\n');
    text.append(jobTable(pooled)).append('\n');
    text.append(threadTime(last)).append('\n');
    text.append(
        String.format(
            Locale.ROOT,
            "Last round's store calls (wall time, every thread; the store is wrapped in a timing"
                + " proxy): region job claims %s (%.1f jobs each), engine commits %s (%.1f turns"
                + " each); every method: %s%n%n",
            last.claims().brief(),
            last.claims().itemsPerCall(),
            last.commits().brief(),
            last.commits().itemsPerCall(),
            describeCalls(last)));
    if (last.statements() != null) {
      text.append(
              "Where the database time of the last round went, per region job (the creates"
                  + " included; pg_stat_statements):\n\n")
          .append(last.statements().table(jobs, 10));
    }

    List<Target> targets = new ArrayList<>();
    String workload =
        String.format(
            Locale.ROOT,
            "%,d × %d regions × %d ms, %d threads",
            settings.instances(),
            settings.regions,
            settings.jobMillis,
            settings.threads());
    targets.add(
        new Target(
            "throughput " + workload + ": most actions running at once",
            mostLow == mostHigh ? String.valueOf(mostLow) : mostLow + "–" + mostHigh,
            "= " + settings.threads() + " (the threads)",
            mostLow == settings.threads() && mostHigh == settings.threads()));
    targets.add(
        new Target(
            "the same: engine CPU per region job (JVM process CPU ÷ jobs, creates included)",
            Figures.millis(cpuPerJob * 1e6)
                + " (+ PostgreSQL "
                + Figures.millis(pgPerJob * 1e6)
                + "); wall "
                + Figures.preciseSeconds(wall)
                + ", ideal "
                + Figures.preciseSeconds(settings.idealSeconds()),
            "≤ " + Figures.millis(ParallelCommand.JOB_OVERHEAD_TARGET_MILLIS * 1e6),
            cpuPerJob <= ParallelCommand.JOB_OVERHEAD_TARGET_MILLIS));
    targets.add(
        new Target(
            "the same: engine wall time per region job on its thread (its run minus its action)",
            Figures.millis(enginePerJob * 1e6)
                + " (p50 "
                + Figures.millis(percentile(pooled, JobTimings.Job::engine, 0.5))
                + ", p99 "
                + Figures.millis(percentile(pooled, JobTimings.Job::engine, 0.99))
                + ")",
            "≤ " + Figures.millis(ParallelCommand.JOB_OVERHEAD_TARGET_MILLIS * 1e6),
            enginePerJob <= ParallelCommand.JOB_OVERHEAD_TARGET_MILLIS));
    targets.add(
        new Target(
            "the same: every instance past @done once, every job applied once",
            correct ? "yes" : "no (see the check column)",
            "yes",
            correct));
    return new Section(text.toString(), targets);
  }

  private String cpuTable(Result last) {
    int jobs = settings.jobs();
    Table table = new Table("CPU of the last round", ">seconds", ">per region job");
    double counted = 0;
    double javaThreads = 0;
    for (Map.Entry<String, Double> e : last.threadCpu().entrySet()) {
      javaThreads += e.getValue();
      table.row(e.getKey(), seconds3(e.getValue()), Figures.millis(1e9 * e.getValue() / jobs));
    }
    table.row(
        "  the Java threads together (ThreadMXBean)",
        seconds3(javaThreads),
        Figures.millis(1e9 * javaThreads / jobs));
    counted += javaThreads;
    for (Map.Entry<String, Double> e : last.vmCpu().entrySet()) {
      counted += e.getValue();
      table.row(
          e.getKey() + " (/proc)",
          seconds3(e.getValue()),
          Figures.millis(1e9 * e.getValue() / jobs));
    }
    double rest = last.cpu().jvmSeconds() - counted;
    table.row(UNATTRIBUTED, seconds3(rest), Figures.millis(1e9 * rest / jobs));
    table.row(
        "the JVM process (CpuMeter)",
        seconds3(last.cpu().jvmSeconds()),
        Figures.millis(1e9 * last.cpu().jvmSeconds() / jobs));
    table.row(
        "PostgreSQL (postmaster and every backend)",
        seconds3(last.cpu().postgresSeconds()),
        Figures.millis(1e9 * last.cpu().postgresSeconds() / jobs));
    return String.format(
        Locale.ROOT,
        "CPU of the last round over %s of wall time (%s):%n%n%s",
        Figures.preciseSeconds(last.cpu().seconds()),
        last.cpu().brief(),
        table.markdown());
  }

  private static String seconds3(double seconds) {
    return String.format(Locale.ROOT, "%.3f", seconds);
  }

  private String jobTable(List<JobTimings.Job> jobs) {
    Table table = new Table("per region job, on its thread", ">mean", ">p50", ">p99", ">max");
    row(table, "before the action: instance read → action starts", jobs, j -> j.before());
    row(table, "  of which the instance read (store.find)", jobs, j -> j.store("find", false));
    row(table, "the action (measured inside it)", jobs, JobTimings.Job::action);
    row(table, "after the action: action ends → result committed", jobs, JobTimings.Job::after);
    row(
        table,
        "  of which the paused check (store.isPaused)",
        jobs,
        j -> j.store("isPaused", true));
    row(table, "  action ends → first instance lease call", jobs, JobTimings.Job::untilLease);
    row(
        table,
        "  taking the instance lease (calls + waits for a sibling)",
        jobs,
        JobTimings.Job::leasing);
    row(table, "    of which in store.lease calls", jobs, j -> j.store("lease", true));
    row(table, "  lease taken → committed and reported", jobs, JobTimings.Job::applyAndCommit);
    row(table, "    of which in store.commit on this thread", jobs, j -> j.store("commit", true));
    row(table, "engine time: before + after", jobs, JobTimings.Job::engine);
    long waited = jobs.stream().filter(j -> j.calls("lease") > 1).count();
    return String.format(
        Locale.ROOT,
        "Each region job's time on its thread, every measured round (%,d jobs; the thread's"
            + " store calls timed by a proxy, the action by itself; \"store.commit on this"
            + " thread\" is only counted when this thread wrote the group commit — otherwise"
            + " another thread wrote it while this one waited):%n%n%s"
            + "jobs whose instance lease was held by a sibling job at first (more than one lease"
            + " call): %,d of %,d%n",
        jobs.size(),
        table.markdown(),
        waited,
        jobs.size());
  }

  private static void row(
      Table table, String name, List<JobTimings.Job> jobs, ToLongFunction<JobTimings.Job> value) {
    table.row(
        name,
        Figures.millis(mean(jobs, value)),
        Figures.millis(percentile(jobs, value, 0.5)),
        Figures.millis(percentile(jobs, value, 0.99)),
        Figures.millis(percentile(jobs, value, 1.0)));
  }

  /** How the threads' time of the last round was spent: actions, engine work, idle. */
  private String threadTime(Result last) {
    double available = settings.threads() * last.seconds();
    double actions = last.jobs().stream().mapToLong(JobTimings.Job::action).sum() / 1e9;
    double engine = last.jobs().stream().mapToLong(JobTimings.Job::engine).sum() / 1e9;
    double idle = available - actions - engine;
    return String.format(
        Locale.ROOT,
        "The region job threads' time in the last round: %d threads × %s = %.2f s, of which"
            + " actions %.2f s (%.0f%%), the engine's work around them %.2f s (%.0f%%), idle %.2f s"
            + " (%.0f%%: the start, while the first instances are created; the end, with fewer"
            + " jobs left than threads; a freed thread waiting for the claimer's next job)%s%n",
        settings.threads(),
        Figures.preciseSeconds(last.seconds()),
        available,
        actions,
        100 * actions / available,
        engine,
        100 * engine / available,
        idle,
        100 * idle / available,
        last.unfinished() == 0 ? "" : "; jobs not timed (lost, discarded): " + last.unfinished());
  }

  private static String describeCalls(Result last) {
    List<String> parts = new ArrayList<>();
    last.calls().forEach((name, stats) -> parts.add(name + " " + stats.brief()));
    return String.join(", ", parts);
  }

  private Result round(BenchDatabase database, PostgresStore store, int round, boolean profile)
      throws InterruptedException {
    database.truncateClockwork();
    database.settle();
    JobTimings timings = new JobTimings(settings.regions);
    SlowActions actions = new SlowActions(timings);
    List<String> names =
        IntStream.rangeClosed(1, settings.regions).mapToObj(i -> "region" + i).toList();
    List<Long> millis = names.stream().map(n -> settings.jobMillis).toList();
    MachineDefinition machine = BenchMachines.regions(MACHINE, names, millis, actions);
    Engine engine =
        Engine.builder()
            .store(timings.wrap(store))
            .register(machine)
            .listener(timings)
            .settings(s -> s.parallelDispatch(p -> p.enabled(true)))
            .settings(s -> s.workers(w -> w.regionJobThreads(settings.threads())))
            .build()
            .start();
    CpuMeter meter = server.cpu();
    String creator = Thread.currentThread().getName();
    int n = settings.instances();
    long started;
    long created;
    long done;
    CpuMeter.Use cpu;
    Map<String, Double> threadCpu;
    Map<String, Double> vmCpu;
    try {
      ThreadCpu threadsBefore = ThreadCpu.read();
      CpuMeter.Reading before = meter.read();
      started = System.nanoTime();
      for (int i = 0; i < n; i++) {
        engine.create(
            NewInstance.of(MACHINE).id(String.format(Locale.ROOT, "fan-%d-%05d", round, i)));
      }
      created = System.nanoTime();
      Duration limit = Duration.ofSeconds(60 + (long) (10 * settings.idealSeconds()));
      done = timings.awaitCompleted(n, limit);
      CpuMeter.Reading after = meter.read();
      ThreadCpu threadsAfter = ThreadCpu.read();
      if (done < 0) {
        throw new IllegalStateException(
            "only " + timings.completed() + " of " + n + " instances were done within " + limit);
      }
      cpu = after.since(before);
      threadCpu = threadsAfter.since(threadsBefore, name -> group(name, creator), GROUPS);
      vmCpu = threadsAfter.vmSince(threadsBefore);
    } finally {
      engine.close();
    }
    String check = check(database, n, actions);
    StatementProfile statements = profile ? StatementProfile.read(database.harness()) : null;
    return new Result(
        (done - started) / 1e9,
        (created - started) / 1e9,
        actions.most(),
        timings.jobs(),
        timings.unfinished(),
        cpu,
        threadCpu,
        vmCpu,
        timings.calls("claimJobs"),
        timings.commits(),
        timings.allCalls(),
        check,
        statements);
  }

  static String group(String thread, String creator) {
    if (thread == null) {
      return OTHER;
    }
    if (thread.startsWith(JobTimings.JOB_THREAD)) {
      return JOB_THREADS;
    }
    if (thread.equals("clockwork-region-claimer")) {
      return CLAIMER;
    }
    if (thread.equals(creator)) {
      return CREATOR;
    }
    if (thread.startsWith("clockwork-worker-")
        || thread.equals("clockwork-dispatcher")
        || thread.equals("clockwork-heartbeat")
        || thread.equals("clockwork-tasks")) {
      return WORKERS;
    }
    return OTHER;
  }

  /** Every instance completed once, every job applied once and gone, every action run once. */
  private String check(BenchDatabase database, int n, SlowActions actions) {
    long completed =
        database.queryLong(
            "SELECT count(*) FROM cw_instances WHERE jsonb_path_query_array(active, '$[*].path') @> '[\"completed\"]'");
    long left = database.queryLong("SELECT count(*) FROM cw_region_jobs");
    long enters =
        database.queryLong("SELECT count(*) FROM cw_history WHERE event = ?", ParallelEvents.ENTER);
    long dones =
        database.queryLong("SELECT count(*) FROM cw_history WHERE event = ?", ParallelEvents.DONE);
    int jobs = n * settings.regions;
    boolean ok =
        completed == n && left == 0 && enters == jobs && dones == n && actions.ran() == jobs;
    return String.format(
        Locale.ROOT,
        "%s: %,d/%,d completed, %,d %s, %,d %s, %,d jobs left, %,d actions run",
        ok ? "OK" : "WRONG",
        completed,
        n,
        enters,
        ParallelEvents.ENTER,
        dones,
        ParallelEvents.DONE,
        left,
        actions.ran());
  }

  private static double mean(List<JobTimings.Job> jobs, ToLongFunction<JobTimings.Job> value) {
    return jobs.stream().mapToLong(value).average().orElse(Double.NaN);
  }

  private static double percentile(
      List<JobTimings.Job> jobs, ToLongFunction<JobTimings.Job> value, double fraction) {
    Samples samples = new Samples();
    jobs.forEach(j -> samples.add(value.applyAsLong(j)));
    return samples.percentile(fraction);
  }

  private static double median(List<Result> results, ToDoubleFunction<Result> f) {
    List<Double> sorted = results.stream().map(f::applyAsDouble).sorted().toList();
    int n = sorted.size();
    if (n == 0) {
      return Double.NaN;
    }
    return n % 2 == 1 ? sorted.get(n / 2) : (sorted.get(n / 2 - 1) + sorted.get(n / 2)) / 2;
  }
}
