package dev.clockwork.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every PostgreSQL benchmark command, run whole at a tiny scale as {@code clockwork-bench/run} runs
 * it: its set-up, a few operations of every section and its sanity checks (a drained copy holds
 * every event in order, every due timer woke, every due schedule started, …). A command whose code
 * or expectation goes stale fails {@code mvn verify} instead of the next benchmark run; a figure
 * that misses its target fails nothing. The interpreter's benchmarks have theirs in {@link
 * BenchmarkSanityTest}.
 */
class BenchmarkCommandsSmokeTest {
  @TempDir Path out;

  /** Runs the command; its exit code is 1 when a sanity check printed WRONG. */
  private String run(String... args) throws IOException {
    List<String> all = new ArrayList<>(List.of(args));
    all.addAll(List.of("--out", out.toString()));
    PrintStream console = System.out;
    PrintStream errors = System.err;
    ByteArrayOutputStream printed = new ByteArrayOutputStream();
    int exit;
    try (PrintStream capture = new PrintStream(printed, true, StandardCharsets.UTF_8)) {
      System.setOut(capture);
      System.setErr(capture);
      exit = Bench.commandLine().execute(all.toArray(String[]::new));
    } finally {
      System.setOut(console);
      System.setErr(errors);
    }
    String text = printed.toString(StandardCharsets.UTF_8);
    assertThat(exit).as("exit code of %s; it printed:%n%s", all, text).isZero();
    assertThat(text).doesNotContain("WRONG");
    Path report = out.resolve(args[0] + "-report.md");
    assertThat(report).exists();
    return Files.readString(report);
  }

  @Test
  void durableRunsEverySectionAndItsChecksHold() throws IOException {
    String report =
        run(
            "durable",
            "--scale",
            "0.002",
            "--configs",
            "1x2,2x4:4",
            "--lateness-rates",
            "100",
            "--lateness-seconds",
            "1");
    assertThat(report)
        .contains("1 engine × 2 threads: OK: 20 of 20 instances saw 1..10 in order")
        .contains("2 engines × 4 threads, cap 4: OK:")
        .contains("not flushed: OK:")
        .contains("db-scheduler")
        .contains("raw JDBC ceiling")
        .contains("20 armed: OK:")
        .contains("2,000 armed: OK:")
        .contains("timer lateness")
        .contains("Targets")
        // the claim's generic plan, which needs its generate_series placeholders cast
        .contains("Function Scan on generate_series")
        .doesNotContain("(no plan:")
        // TimersAtScale.DUE_QUERY still names the store's claim statement
        .doesNotContainPattern("claim query per leased instance[^\\n]*NaN");
  }

  @Test
  void queuesRunEverySectionAndItsChecksHold() throws IOException {
    String report = run("queues", "--scale", "0.01", "--rounds", "1");
    assertThat(report).contains("OK:").contains("Targets");
  }

  @Test
  void parallelRunsEverySectionAndItsChecksHold() throws IOException {
    String report = run("parallel", "--scale", "0.05", "--rounds", "1");
    assertThat(report).contains("OK").contains("Targets");
  }

  @Test
  void schedulesRunEverySectionAndItsChecksHold() throws IOException {
    String report = run("schedules", "--quick", "--large", "20000");
    assertThat(report)
        .contains(
            "OK: every warm-up tick returned its 50 schedules and every noon tick started its 100")
        .contains("tick, 100 due of 2,000 stored");
  }

  @Test
  void scaleoutRunsSeparateEngineProcessesAndJudgesTheTargets() throws IOException {
    String report = run("scaleout", "--nodes", "1,2", "--rate", "100", "--scale", "0.05");
    assertThat(report)
        .contains("1 nodes: OK: 112 of 112 instances applied their STEPs 1..n in order")
        .contains("2 nodes: OK:")
        .contains("statements per event, 2 nodes vs 1")
        .contains("idle queries/s per node, 2 nodes vs 1")
        .contains("throughput (drain), 2 nodes vs 1");
  }

  @Test
  void soakRunsItsMinutesAppliesEveryOfferedEventAndJudgesTheTargets() throws IOException {
    String report =
        run(
            "soak",
            "--minutes",
            "3",
            "--minute-seconds",
            "4",
            "--scale",
            "0.05",
            "--rate",
            "150",
            "--ticket-wait",
            "1",
            "--renew-every",
            "1",
            "--retention",
            "2");
    assertThat(report)
        .contains("STEPs offered during the minutes")
        .containsPattern("retention purged [1-9][0-9,]* instances during the minutes: OK")
        .contains("throughput, last ÷ second minute")
        .contains("enqueue→commit p99 drift, last vs second minute")
        .contains("cw_ table bytes over the last third")
        .contains("| table rows / index")
        .containsPattern("checkpoints \\| +autovacuums \\|")
        .contains("heap after GC over the last third");
  }
}
