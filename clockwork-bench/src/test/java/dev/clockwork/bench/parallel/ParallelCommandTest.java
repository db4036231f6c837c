package dev.clockwork.bench.parallel;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.clockwork.bench.Bench;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/** The command's options and settings; nothing here measures anything. */
class ParallelCommandTest {
  private static ParallelCommand parse(String... args) {
    String[] all = new String[args.length + 1];
    all[0] = "parallel";
    System.arraycopy(args, 0, all, 1, args.length);
    CommandLine.ParseResult parsed = Bench.commandLine().parseArgs(all);
    return (ParallelCommand) parsed.subcommand().commandSpec().userObject();
  }

  @Test
  void defaultsAreTheSpecsWorkloads() {
    ParallelCommand settings = parse();
    assertThat(settings.slowRegions).containsExactly("inventory", "payment");
    assertThat(settings.slowMillis).containsExactly(5_000L, 2_000L);
    assertThat(settings.slowSumSeconds()).isEqualTo(7.0);
    assertThat(settings.slowLongestSeconds()).isEqualTo(5.0);
    assertThat(settings.instances()).isEqualTo(100);
    assertThat(settings.regions).isEqualTo(3);
    assertThat(settings.jobMillis).isEqualTo(200);
    assertThat(settings.jobs()).isEqualTo(300);
    assertThat(settings.threads()).isEqualTo(8);
    assertThat(settings.idealSeconds()).isEqualTo(7.5);
    assertThat(settings.rounds()).isEqualTo(3);
    assertThat(settings.run.durable()).isTrue();
    ParallelCommand.SECTIONS.forEach(section -> assertThat(settings.runs(section)).isTrue());
  }

  @Test
  void quickDividesTheInstancesByTenAndRunsOneRound() {
    ParallelCommand settings = parse("--quick");
    assertThat(settings.instances()).isEqualTo(10);
    assertThat(settings.jobs()).isEqualTo(30);
    assertThat(settings.idealSeconds()).isEqualTo(0.75);
    assertThat(settings.rounds()).isEqualTo(1);
    assertThat(settings.slowMillis).containsExactly(5_000L, 2_000L);
  }

  @Test
  void optionsChooseRoundsThreadsSectionsAndFlushes() {
    ParallelCommand settings =
        parse("--rounds", "5", "--threads", "4", "--only", "throughput", "--no-fsync");
    assertThat(settings.rounds()).isEqualTo(5);
    assertThat(settings.threads()).isEqualTo(4);
    assertThat(settings.idealSeconds()).isEqualTo(15.0);
    assertThat(settings.runs("throughput")).isTrue();
    assertThat(settings.runs("slow")).isFalse();
    assertThat(settings.run.durable()).isFalse();
  }

  @Test
  void mistakesAreRefusedWithWhatIsWrong() {
    assertThatThrownBy(() -> parse("--fast"))
        .isInstanceOf(CommandLine.UnmatchedArgumentException.class)
        .hasMessageContaining("--fast");
    assertThatThrownBy(() -> parse("--only", "speed").runs("slow"))
        .hasMessageContaining("--only takes some of");
    assertThatThrownBy(() -> parse("--rounds", "0").rounds())
        .hasMessageContaining("--rounds must be 1 or more");
    assertThatThrownBy(() -> parse("--threads", "0").threads())
        .hasMessageContaining("--threads must be 1 or more");
  }

  @Test
  void threadsAreGroupedByTheEngineNames() {
    assertThat(ThroughputBench.group("clockwork-region-job-3", "main"))
        .isEqualTo(ThroughputBench.JOB_THREADS);
    assertThat(ThroughputBench.group("clockwork-region-claimer", "main"))
        .isEqualTo(ThroughputBench.CLAIMER);
    assertThat(ThroughputBench.group("main", "main")).isEqualTo(ThroughputBench.CREATOR);
    assertThat(ThroughputBench.group("clockwork-worker-12", "main"))
        .isEqualTo(ThroughputBench.WORKERS);
    assertThat(ThroughputBench.group("HikariPool-1 housekeeper", "main"))
        .isEqualTo(ThroughputBench.OTHER);
  }
}
