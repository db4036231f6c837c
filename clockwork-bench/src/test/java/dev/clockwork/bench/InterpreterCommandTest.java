package dev.clockwork.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.openjdk.jmh.runner.BenchmarkList;
import org.openjdk.jmh.runner.BenchmarkListEntry;
import org.openjdk.jmh.runner.format.OutputFormatFactory;
import org.openjdk.jmh.runner.options.TimeValue;
import org.openjdk.jmh.runner.options.VerboseMode;
import picocli.CommandLine;

/** The command's options and which benchmarks its two passes run; nothing here measures. */
class InterpreterCommandTest {
  private static InterpreterCommand parse(String... args) {
    String[] all = new String[args.length + 1];
    all[0] = "interpreter";
    System.arraycopy(args, 0, all, 1, args.length);
    CommandLine.ParseResult parsed = Bench.commandLine().parseArgs(all);
    return (InterpreterCommand) parsed.subcommand().commandSpec().userObject();
  }

  /** The benchmarks JMH would run for these includes and excludes (its generated list). */
  private static Set<String> matching(String include, String... excludes) {
    return BenchmarkList.defaultList()
        .find(
            OutputFormatFactory.createFormatInstance(System.out, VerboseMode.SILENT),
            List.of(include),
            List.of(excludes))
        .stream()
        .map(BenchmarkListEntry::getUsername)
        .collect(Collectors.toCollection(TreeSet::new));
  }

  @Test
  void theTwoPassesRunEveryBenchmarkOnce() {
    InterpreterCommand settings = parse();

    Set<String> common = matching(settings.include, InterpreterCommand.SPRING);
    Set<String> spring = matching(settings.springInclude());

    assertThat(spring)
        .containsExactly(
            "dev.clockwork.bench.OrderBenchmark.spring",
            "dev.clockwork.bench.ParallelBenchmark.spring",
            "dev.clockwork.bench.ToggleBenchmark.spring");
    assertThat(common)
        .hasSize(11)
        .contains(
            "dev.clockwork.bench.ToggleBenchmark.clockwork",
            "dev.clockwork.bench.ToggleBenchmark.squirrel",
            "dev.clockwork.bench.AllocationBenchmark.largeMachine",
            "dev.clockwork.bench.NextFireBenchmark.cycle")
        .doesNotContainAnyElementsOf(spring);
  }

  @Test
  void includeNarrowsBothPasses() {
    InterpreterCommand settings = parse("--include", "Toggle");

    assertThat(matching(settings.include, InterpreterCommand.SPRING))
        .containsExactly(
            "dev.clockwork.bench.ToggleBenchmark.clockwork",
            "dev.clockwork.bench.ToggleBenchmark.squirrel");
    assertThat(matching(settings.springInclude()))
        .containsExactly("dev.clockwork.bench.ToggleBenchmark.spring");
  }

  @Test
  void quickIsASmokeRun() {
    InterpreterCommand settings = parse("--quick", "--forks", "2");
    settings.applyQuick();

    assertThat(settings.forks).isEqualTo(2);
    assertThat(settings.warmupIterations).isEqualTo(1);
    assertThat(settings.springWarmupIterations).isEqualTo(4);
    assertThat(settings.warmupTime).isEqualTo(TimeValue.milliseconds(500));
    assertThat(settings.iterations).isEqualTo(2);
    assertThat(settings.pairedRounds).isEqualTo(40);
    assertThat(settings.describe())
        .isEqualTo(
            "fork 2, warm-up 1 × 500 ms (Spring Statemachine: 4 × 500 ms), measurement 2 × 1 s,"
                + " CPU time per op, -prof gc, 40 paired rounds");
  }

  @Test
  void defaultsWarmUpLongEnoughForABusyMachine() {
    InterpreterCommand settings = parse();

    assertThat(settings.warmupIterations).isEqualTo(5);
    assertThat(settings.springWarmupIterations).isEqualTo(10);
    assertThat(settings.pairedRounds).isEqualTo(200);
    assertThat(parse("--paired-only").describe()).isEqualTo("200 paired rounds only");
  }

  @Test
  void timesReadAsJmhWritesThem() {
    InterpreterCommand settings =
        parse("--time", "500ms", "--warmup-time", "3s", "--no-gc", "--paired-rounds", "0");

    assertThat(settings.time).isEqualTo(TimeValue.milliseconds(500));
    assertThat(settings.warmupTime).isEqualTo(TimeValue.seconds(3));
    assertThat(settings.describe())
        .doesNotContain("-prof gc")
        .doesNotContain("paired")
        .contains("CPU time per op");
  }
}
