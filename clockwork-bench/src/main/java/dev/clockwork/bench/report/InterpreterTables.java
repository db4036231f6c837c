package dev.clockwork.bench.report;

import dev.clockwork.cli.output.Table;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * Turns the scores into the tables the runner prints and saves: transitions per framework with the
 * ratios against the targets, CPU time and bytes per event, next-fire rates, and bytes per
 * transition in a small versus a large machine.
 */
public final class InterpreterTables {
  /** Clockwork must be at least this many times faster than Spring Statemachine on (a) and (b). */
  public static final double SPRING_TARGET = 100;

  /**
   * Clockwork must be at least this many times faster than squirrel-foundation on (a) and (b)
   * (issue 23; it was 2× before).
   */
  public static final double SQUIRREL_TARGET = 8;

  /** Clockwork may allocate at most this many bytes per event on (a) and (b) (issue 23). */
  public static final double BYTES_TARGET = 128;

  /** Bytes per transition count as "not grown" within this many bytes (or 2%), for rounding. */
  private static final double ALLOCATION_SLACK_BYTES = 8;

  static final List<Row> MACHINES =
      List.of(
          new Row("toggle", "ToggleBenchmark", true),
          new Row("order (guards, actions, context)", "OrderBenchmark", true),
          new Row("parallel (3 regions)", "ParallelBenchmark", false));

  private final Scores scores;
  private final String largeMachine;
  private final List<PairedResult> paired;
  private final int pairedRounds;

  /**
   * @param largeMachine how the large machine of the allocation benchmark is described
   * @param paired the machines measured in paired rounds (none when they were not run)
   * @param pairedRounds how many round pairs each was measured in
   */
  public InterpreterTables(
      Scores scores, String largeMachine, List<PairedResult> paired, int pairedRounds) {
    this.scores = scores;
    this.largeMachine = largeMachine;
    this.paired = List.copyOf(paired);
    this.pairedRounds = pairedRounds;
  }

  record Row(String label, String benchmark, boolean targeted) {}

  /** Every table, as printed. */
  public String tables() {
    return String.join(
        "\n",
        "Transitions per second (one op = one external event; higher is better;"
            + " ± = standard deviation across measured iterations)",
        "",
        transitions().markdown(),
        "CPU time per event (the benchmark thread's, cpu.time.norm: time the machine gave other"
            + " processes does not count; ratios are the other framework's CPU time ÷ Clockwork's)",
        "",
        cpuPerFramework().markdown(),
        "Bytes allocated per event (gc.alloc.rate.norm)",
        "",
        allocationPerFramework().markdown(),
        "Next-fire computation (TimeSpec.nextDue after a fire)",
        "",
        nextFire().markdown(),
        "Bytes per TOGGLE transition by machine size (gc.alloc.rate.norm)",
        "",
        machineSize().markdown(),
        verdict(),
        pairedTable());
  }

  private String pairedTable() {
    if (paired.isEmpty()) {
      return "";
    }
    Table table =
        new Table(
            "machine",
            ">Clockwork CPU/event",
            ">squirrel CPU/event",
            ">squirrel ÷ Clockwork",
            ">quartiles");
    for (PairedResult result : paired) {
      table.row(
          result.label(),
          Figures.nanos(result.clockworkNanos()),
          Figures.nanos(result.squirrelNanos()),
          Figures.ratio(result.ratio()),
          Figures.ratio(result.lowQuartile()) + " – " + Figures.ratio(result.highQuartile()));
    }
    return String.join(
        "\n",
        "Paired rounds: Clockwork and squirrel alternating on one thread, "
            + pairedRounds
            + " round pairs of ~5 ms CPU a side after 3 s of warm-up (medians; the ratio is the"
            + " median of the pairs' ratios, robust to a busy machine)",
        "",
        table.markdown());
  }

  /** The paired rounds' results, in the order measured. */
  public List<PairedResult> paired() {
    return paired;
  }

  /** The targets (a) and (b): Clockwork ÷ Spring Statemachine and ÷ squirrel, where measured. */
  public List<Target> targets() {
    List<Target> targets = new ArrayList<>();
    for (Row row : MACHINES) {
      if (row.targeted()) {
        ratio(row, "spring")
            .ifPresent(r -> targets.add(target(row, "Spring Statemachine", r, SPRING_TARGET)));
        ratio(row, "squirrel")
            .ifPresent(r -> targets.add(target(row, "squirrel-foundation", r, SQUIRREL_TARGET)));
        clockworkBytes(row).ifPresent(b -> targets.add(bytesTarget(row, b)));
      }
    }
    for (PairedResult result : paired) {
      if (MACHINES.stream().anyMatch(m -> m.targeted() && m.label().equals(result.label()))) {
        targets.add(
            new Target(
                result.label() + ": squirrel-foundation CPU ÷ Clockwork CPU, paired rounds",
                Figures.ratio(result.ratio()),
                "≥ " + Figures.ratio(SQUIRREL_TARGET),
                result.ratio() >= SQUIRREL_TARGET));
      }
    }
    return targets;
  }

  private static Target bytesTarget(Row row, double bytes) {
    return new Target(
        row.label() + ": Clockwork bytes allocated per event",
        Figures.bytes(bytes),
        "≤ " + Figures.bytes(BYTES_TARGET),
        bytes <= BYTES_TARGET);
  }

  private Optional<Double> clockworkBytes(Row row) {
    return scores
        .get(row.benchmark() + ".clockwork")
        .map(Score::bytesPerOp)
        .filter(b -> !Double.isNaN(b));
  }

  private static Target target(Row row, String other, double ratio, double goal) {
    return new Target(
        row.label() + ": Clockwork ÷ " + other + ", transitions/s",
        Figures.ratio(ratio),
        "≥ " + Figures.ratio(goal),
        ratio >= goal);
  }

  /** "MISS …" lines, one per target not met (empty when all pass or none was measured). */
  public List<String> misses() {
    List<String> misses = new ArrayList<>();
    for (Row row : MACHINES) {
      if (!row.targeted()) {
        continue;
      }
      ratio(row, "spring")
          .filter(r -> r < SPRING_TARGET)
          .ifPresent(r -> misses.add(miss(row, "Spring Statemachine", r, SPRING_TARGET)));
      ratio(row, "squirrel")
          .filter(r -> r < SQUIRREL_TARGET)
          .ifPresent(r -> misses.add(miss(row, "squirrel-foundation", r, SQUIRREL_TARGET)));
      clockworkBytes(row)
          .filter(b -> b > BYTES_TARGET)
          .ifPresent(
              b ->
                  misses.add(
                      String.format(
                          Locale.ROOT,
                          "MISS %s: Clockwork allocates %s per event, target ≤%s",
                          row.label(),
                          Figures.bytes(b),
                          Figures.bytes(BYTES_TARGET))));
    }
    return misses;
  }

  /** The other framework's CPU time per event ÷ Clockwork's, where both were measured. */
  Optional<Double> cpuRatio(Row row, String other) {
    Optional<Score> clockwork = scores.get(row.benchmark() + ".clockwork");
    Optional<Score> them = scores.get(row.benchmark() + "." + other);
    if (clockwork.isEmpty() || them.isEmpty()) {
      return Optional.empty();
    }
    double ratio = them.get().cpuNanosPerOp() / clockwork.get().cpuNanosPerOp();
    return Double.isNaN(ratio) ? Optional.empty() : Optional.of(ratio);
  }

  Optional<Double> ratio(Row row, String other) {
    Optional<Score> clockwork = scores.get(row.benchmark() + ".clockwork");
    Optional<Score> them = scores.get(row.benchmark() + "." + other);
    if (clockwork.isEmpty() || them.isEmpty()) {
      return Optional.empty();
    }
    return Optional.of(clockwork.get().opsPerSecond() / them.get().opsPerSecond());
  }

  /** Large minus small bytes per transition, when both were measured with the GC profiler. */
  Optional<Double> allocationGrowth() {
    Optional<Score> small = scores.get("AllocationBenchmark.smallMachine");
    Optional<Score> large = scores.get("AllocationBenchmark.largeMachine");
    if (small.isEmpty() || large.isEmpty() || Double.isNaN(small.get().bytesPerOp())) {
      return Optional.empty();
    }
    return Optional.of(large.get().bytesPerOp() - small.get().bytesPerOp());
  }

  private Table transitions() {
    Table table =
        new Table(
            "machine",
            ">Clockwork",
            ">Spring SM",
            ">squirrel",
            ">CW ÷ Spring",
            "target",
            ">CW ÷ squirrel",
            "target");
    for (Row row : MACHINES) {
      Optional<Double> spring = ratio(row, "spring");
      Optional<Double> squirrel = ratio(row, "squirrel");
      table.row(
          row.label(),
          ops(row.benchmark() + ".clockwork"),
          ops(row.benchmark() + ".spring"),
          ops(row.benchmark() + ".squirrel"),
          spring.map(Figures::ratio).orElse("—"),
          row.targeted() ? verdict(row, "spring", SPRING_TARGET) : "(none)",
          squirrel.map(Figures::ratio).orElse("—"),
          row.targeted() ? verdict(row, "squirrel", SQUIRREL_TARGET) : "(none)");
    }
    return table;
  }

  private Table cpuPerFramework() {
    Table table =
        new Table(
            "machine", ">Clockwork", ">Spring SM", ">squirrel", ">CW ÷ Spring", ">CW ÷ squirrel");
    for (Row row : MACHINES) {
      table.row(
          row.label(),
          cpu(row.benchmark() + ".clockwork"),
          cpu(row.benchmark() + ".spring"),
          cpu(row.benchmark() + ".squirrel"),
          cpuRatio(row, "spring").map(Figures::ratio).orElse("—"),
          cpuRatio(row, "squirrel").map(Figures::ratio).orElse("—"));
    }
    return table;
  }

  private Table allocationPerFramework() {
    Table table = new Table("machine", ">Clockwork", ">Spring SM", ">squirrel");
    for (Row row : MACHINES) {
      table.row(
          row.label(),
          bytes(row.benchmark() + ".clockwork"),
          bytes(row.benchmark() + ".spring"),
          bytes(row.benchmark() + ".squirrel"));
    }
    return table;
  }

  private Table nextFire() {
    Table table = new Table("timer", ">ops/s", ">ns/op", ">bytes/op");
    nextFireRow(table, "cron 0 0 9-17 * * MON-FRI, Europe/Berlin", "NextFireBenchmark.cron");
    nextFireRow(
        table, "cycle R/2022-01-01T10:00:00+02:00[Europe/Berlin]/P1D", "NextFireBenchmark.cycle");
    nextFireRow(
        table,
        "reference: Spring CronExpression.next, same cron",
        "NextFireBenchmark.springCronReference");
    return table;
  }

  private void nextFireRow(Table table, String label, String benchmark) {
    Optional<Score> score = scores.get(benchmark);
    table.row(
        label,
        ops(benchmark),
        score.map(s -> Figures.nanos(1e9 / s.opsPerSecond())).orElse("—"),
        bytes(benchmark));
  }

  private Table machineSize() {
    Table table = new Table("machine", ">bytes/op", ">ops/s");
    table.row(
        "toggle alone (3 states)",
        bytes("AllocationBenchmark.smallMachine"),
        ops("AllocationBenchmark.smallMachine"));
    table.row(
        largeMachine,
        bytes("AllocationBenchmark.largeMachine"),
        ops("AllocationBenchmark.largeMachine"));
    return table;
  }

  private String verdict() {
    Optional<Double> growth = allocationGrowth();
    if (growth.isEmpty()) {
      return "(bytes per transition not measured: run with the GC profiler)\n";
    }
    double small = scores.get("AllocationBenchmark.smallMachine").orElseThrow().bytesPerOp();
    boolean flat = Math.abs(growth.get()) <= Math.max(ALLOCATION_SLACK_BYTES, small * 0.02);
    return String.format(
        Locale.ROOT,
        "Large − small: %+.1f bytes per transition → %s%n",
        growth.get(),
        flat ? "does not grow with machine size" : "GROWS with machine size");
  }

  private String ops(String benchmark) {
    return scores.get(benchmark).map(s -> Figures.ops(s.opsPerSecond(), s.deviation())).orElse("—");
  }

  private String cpu(String benchmark) {
    return scores
        .get(benchmark)
        .filter(s -> !Double.isNaN(s.cpuNanosPerOp()))
        .map(s -> Figures.nanos(s.cpuNanosPerOp()))
        .orElse("—");
  }

  private String bytes(String benchmark) {
    return scores.get(benchmark).map(s -> Figures.bytes(s.bytesPerOp())).orElse("—");
  }

  /**
   * "≥100× PASS" or "≥100× MISS", with "(noise)" when the target lies between the ratios one
   * standard deviation either way would give, i.e. when another run could well say the opposite.
   */
  private String verdict(Row row, String other, double target) {
    String goal = "≥" + Figures.ratio(target);
    Optional<Score> clockwork = scores.get(row.benchmark() + ".clockwork");
    Optional<Score> them = scores.get(row.benchmark() + "." + other);
    if (clockwork.isEmpty() || them.isEmpty()) {
      return goal;
    }
    Score cw = clockwork.get();
    Score th = them.get();
    double ratio = cw.opsPerSecond() / th.opsPerSecond();
    double low = (cw.opsPerSecond() - cw.deviation()) / (th.opsPerSecond() + th.deviation());
    double high =
        (cw.opsPerSecond() + cw.deviation()) / Math.max(0, th.opsPerSecond() - th.deviation());
    boolean noise = low <= target && target <= high;
    return goal + (ratio >= target ? " PASS" : " MISS") + (noise ? " (noise)" : "");
  }

  private static String miss(Row row, String other, double ratio, double target) {
    return String.format(
        Locale.ROOT,
        "MISS %s: Clockwork is %s %s, target ≥%s",
        row.label(),
        Figures.ratio(ratio),
        other,
        Figures.ratio(target));
  }
}
