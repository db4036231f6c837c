package dev.clockwork.bench.durable;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.clockwork.bench.Bench;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

class DurableCommandTest {
  private static DurableCommand parse(String... args) {
    String[] all = new String[args.length + 1];
    all[0] = "durable";
    System.arraycopy(args, 0, all, 1, args.length);
    CommandLine.ParseResult parsed = Bench.commandLine().parseArgs(all);
    return (DurableCommand) parsed.subcommand().commandSpec().userObject();
  }

  @Test
  void defaultsAreTheIssuesScale() {
    DurableCommand settings = parse();
    assertThat(settings.instances()).isEqualTo(10_000);
    assertThat(settings.eventsPerInstance).isEqualTo(10);
    assertThat(settings.configs())
        .containsExactly(
            new EngineConfig(1, 2),
            new EngineConfig(1, 16),
            new EngineConfig(2, 16),
            new EngineConfig(2, 16, 100));
    assertThat(settings.dbSchedulerTasks()).isEqualTo(100_000);
    assertThat(settings.largeArmed()).isEqualTo(1_000_000);
    assertThat(settings.warmUpFires()).isEqualTo(50_000);
    assertThat(settings.latenessRates).containsExactly(500, 5_000);
    assertThat(settings.timersConfig()).isEqualTo(new EngineConfig(1, 16));
    assertThat(settings.run.durable()).isTrue();
    DurableCommand.SECTIONS.forEach(section -> assertThat(settings.runs(section)).isTrue());
  }

  @Test
  void quickDividesEveryCountByTen() {
    DurableCommand settings = parse("--quick");
    assertThat(settings.instances()).isEqualTo(1_000);
    assertThat(settings.largeArmed()).isEqualTo(100_000);
    assertThat(settings.eventsPerInstance).isEqualTo(10);
    assertThat(settings.latenessRates).containsExactly(500, 5_000);
    // the timers' warm-up does not shrink with --quick: the JIT needs its tens of thousands
    assertThat(settings.warmUpFires()).isEqualTo(50_000);
  }

  @Test
  void aSmokeScaleWarmsUpWithFewerFires() {
    assertThat(parse("--scale", "0.002").warmUpFires()).isEqualTo(1_000);
  }

  @Test
  void optionsChooseConfigurationsSectionsAndFlushes() {
    DurableCommand settings =
        parse("--configs", "1x4,3x16:32", "--only", "timers,lateness", "--no-fsync");
    assertThat(settings.configs())
        .containsExactly(new EngineConfig(1, 4), new EngineConfig(3, 16, 32));
    assertThat(settings.runs("timers")).isTrue();
    assertThat(settings.runs("throughput")).isFalse();
    assertThat(settings.run.durable()).isFalse();
  }

  @Test
  void mistakesAreRefusedWithWhatIsWrong() {
    assertThatThrownBy(() -> parse("--fast"))
        .isInstanceOf(CommandLine.UnmatchedArgumentException.class)
        .hasMessageContaining("--fast");
    assertThatThrownBy(() -> parse("--only", "speed").runs("throughput"))
        .hasMessageContaining("--only takes some of");
    assertThatThrownBy(() -> parse("--configs", "16").configs())
        .hasMessageContaining("ENGINESxTHREADS");
  }
}
