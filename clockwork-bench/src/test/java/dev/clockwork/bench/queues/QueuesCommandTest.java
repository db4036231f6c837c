package dev.clockwork.bench.queues;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.clockwork.bench.Bench;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

class QueuesCommandTest {
  private static QueuesCommand parse(String... args) {
    String[] all = new String[args.length + 1];
    all[0] = "queues";
    System.arraycopy(args, 0, all, 1, args.length);
    CommandLine.ParseResult parsed = Bench.commandLine().parseArgs(all);
    return (QueuesCommand) parsed.subcommand().commandSpec().userObject();
  }

  @Test
  void defaultsAreTheIssuesScale() {
    QueuesCommand settings = parse();
    assertThat(settings.poisonEvents()).isEqualTo(10_000);
    assertThat(settings.machines).isEqualTo(10);
    assertThat(settings.cap).isEqualTo(2);
    assertThat(settings.threads()).isEqualTo(16);
    assertThat(settings.slowInstances()).isEqualTo(1_000);
    assertThat(settings.slowMillis).isEqualTo(20);
    assertThat(settings.slowCaps).containsExactly(10, 50);
    assertThat(settings.rounds()).isEqualTo(5);
    assertThat(settings.run.durable()).isTrue();
    QueuesCommand.SECTIONS.forEach(section -> assertThat(settings.runs(section)).isTrue());
  }

  @Test
  void theSlowRunHasACapBelowTheThreadsAndOneAbove() {
    QueuesCommand settings = parse();
    assertThat(settings.slowCaps.get(0)).isLessThan(settings.threads());
    assertThat(settings.slowCaps.get(1)).isGreaterThan(settings.threads());
  }

  @Test
  void quickDividesEveryCountByTenAndRunsThreeRounds() {
    QueuesCommand settings = parse("--quick");
    assertThat(settings.instances()).isEqualTo(500);
    assertThat(settings.poisonEvents()).isEqualTo(1_000);
    assertThat(settings.instancesPerMachine()).isEqualTo(50);
    assertThat(settings.eventsPerInstance).isEqualTo(10);
    assertThat(settings.rounds()).isEqualTo(3);
  }

  @Test
  void optionsChooseRoundsThreadsSectionsAndFlushes() {
    QueuesCommand settings =
        parse("--rounds", "7", "--threads", "2", "--only", "poison", "--no-fsync");
    assertThat(settings.rounds()).isEqualTo(7);
    assertThat(settings.threads()).isEqualTo(2);
    assertThat(settings.runs("poison")).isTrue();
    assertThat(settings.runs("priority")).isFalse();
    assertThat(settings.run.durable()).isFalse();
  }

  @Test
  void mistakesAreRefusedWithWhatIsWrong() {
    assertThatThrownBy(() -> parse("--fast"))
        .isInstanceOf(CommandLine.UnmatchedArgumentException.class)
        .hasMessageContaining("--fast");
    assertThatThrownBy(() -> parse("--only", "speed").runs("poison"))
        .hasMessageContaining("--only takes some of");
    assertThatThrownBy(() -> parse("--rounds", "0").rounds())
        .hasMessageContaining("--rounds must be 1 or more");
    assertThatThrownBy(() -> parse("--threads"))
        .isInstanceOf(CommandLine.MissingParameterException.class);
  }
}
