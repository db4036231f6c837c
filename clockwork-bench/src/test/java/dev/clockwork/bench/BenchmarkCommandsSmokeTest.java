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
 * The PostgreSQL benchmark commands that CI does not run through the jar (queues, parallel, soak),
 * each run whole at a tiny scale as {@code clockwork-bench/run} runs it: its set-up, a few
 * operations of every section and its sanity checks (a drained copy holds every event in order,
 * every offered event was applied, …). A command whose code or expectation goes stale fails {@code
 * mvn verify} instead of the next benchmark run; a figure that misses its target fails nothing.
 * {@code .ci/bench-smoke} runs durable, schedules and scaleout the same way through the shaded jar
 * and checks their reports; the interpreter's benchmarks have their checks in {@link
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
