package dev.clockwork.chaos.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.clockwork.chaos.broken.Breakage;
import dev.clockwork.chaos.fault.FaultKind;
import dev.clockwork.chaos.run.RunSettings;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

class ChaosCommandTest {
  private static List<RunSettings> runs(String... args) {
    CommandLine line = ChaosCommand.commandLine();
    line.parseArgs(args);
    return ((ChaosCommand) line.getCommand()).runs();
  }

  @Test
  void defaultsAreABaselineOfAMinute() {
    RunSettings run = runs("--seed", "5").get(0);
    assertThat(run)
        .isEqualTo(
            new RunSettings(
                5, Duration.ofSeconds(60), 3, Set.of(), 3000, 200, Duration.ofSeconds(60)));
  }

  @Test
  void optionsChooseFaultsAndScale() {
    RunSettings run =
        runs(
                "--seed=9",
                "--seconds=90",
                "--workers=4",
                "--faults=kill,restart-db,terminate,pause,deploy,clock-ahead,clock-behind,net,operator",
                "--events=100",
                "--instances=10",
                "--drain-seconds=20")
            .get(0);
    assertThat(run.faults()).isEqualTo(FaultKind.all());
    assertThat(run.window()).isEqualTo(Duration.ofSeconds(90));
    assertThat(run.workers()).isEqualTo(4);
    assertThat(run.events()).isEqualTo(100);
    assertThat(run.instances()).isEqualTo(10);
    assertThat(run.drainBound()).isEqualTo(Duration.ofSeconds(20));
  }

  @Test
  void withoutASeedOneIsChosen() {
    assertThat(runs().get(0).seed()).isNotNegative();
  }

  @Test
  void shortModeIsABaselineThenEveryFaultOnOneSeed() {
    List<RunSettings> runs = runs("--short", "--seed", "3");
    assertThat(runs).hasSize(2);
    assertThat(runs.get(0).faults()).isEmpty();
    assertThat(runs.get(1).faults()).isEqualTo(FaultKind.all());
    assertThat(runs).allSatisfy(r -> assertThat(r.seed()).isEqualTo(3));
    assertThat(runs.get(0).window().plus(runs.get(1).window()))
        .isLessThanOrEqualTo(Duration.ofSeconds(80));
  }

  @Test
  void longModeIsPerSeedABaselineEveryFaultAloneThenAllTogether() {
    List<RunSettings> runs = runs("--long", "--seeds", "4,8");

    int perSeed = 1 + FaultKind.values().length + 1;
    assertThat(runs).hasSize(2 * perSeed);
    assertThat(runs.subList(0, perSeed)).allSatisfy(r -> assertThat(r.seed()).isEqualTo(4));
    assertThat(runs.subList(perSeed, 2 * perSeed))
        .allSatisfy(r -> assertThat(r.seed()).isEqualTo(8));
    assertThat(runs.get(0).faults()).isEmpty();
    assertThat(runs.subList(1, perSeed - 1))
        .extracting(r -> r.faults().iterator().next())
        .containsExactly(FaultKind.values());
    assertThat(runs.get(perSeed - 1).faults()).isEqualTo(FaultKind.all());
    assertThat(runs).allSatisfy(r -> assertThat(r.window()).isEqualTo(Duration.ofSeconds(45)));
    assertThat(runs("--long", "--seconds", "30").get(0).window()).isEqualTo(Duration.ofSeconds(30));
  }

  @Test
  void seedsWithoutLongAreRefused() {
    assertThatThrownBy(() -> runs("--seeds", "1,2"))
        .isInstanceOf(CommandLine.ParameterException.class)
        .hasMessageContaining("--seeds is for --long");
  }

  @Test
  void shortAndLongTogetherAreRefused() {
    assertThatThrownBy(() -> runs("--short", "--long"))
        .isInstanceOf(CommandLine.ParameterException.class)
        .hasMessageContaining("--short or --long");
  }

  @Test
  void anUnknownFaultNamesTheKnownOnes() {
    assertThatThrownBy(() -> runs("--faults", "kill,reboot"))
        .isInstanceOf(CommandLine.ParameterException.class)
        .hasMessageContaining("unknown fault 'reboot'")
        .hasMessageContaining(
            "kill, restart-db, terminate, pause, deploy, clock-ahead, clock-behind, net, operator,"
                + " read-only,"
                + " all, none");
  }

  @Test
  void breakChoosesABrokenStoreAndNamesTheKnownOnes() {
    assertThat(runs("--seed", "1").get(0).breakage()).isEqualTo(Breakage.NONE);
    RunSettings broken = runs("--seed", "1", "--break", "duplicate-commit").get(0);
    assertThat(broken.breakage()).isEqualTo(Breakage.DUPLICATE_COMMIT);
    assertThat(broken.label()).isEqualTo("baseline-broken-duplicate-commit");
    assertThatThrownBy(() -> runs("--break", "everything"))
        .isInstanceOf(CommandLine.ParameterException.class)
        .hasMessageContaining("unknown breakage 'everything'")
        .hasMessageContaining("none, duplicate-commit, skip-lease-check, ignore-pause");
  }

  @Test
  void countsMustBePositive() {
    assertThatThrownBy(() -> runs("--workers", "0"))
        .isInstanceOf(CommandLine.ParameterException.class)
        .hasMessage("--workers must be 1 or more, not 0");
  }

  @Test
  void aBadOptionPrintsUsageWithoutAStackTraceAndExitsTwo() {
    CommandLine line = ChaosCommand.commandLine();
    StringWriter err = new StringWriter();
    line.setErr(new PrintWriter(err));
    assertThat(line.execute("--seconds", "soon")).isEqualTo(2);
    assertThat(err.toString())
        .contains("Invalid value for option '--seconds'")
        .contains("Usage: clockwork-chaos/run")
        .doesNotContain("at dev.clockwork");
    StringWriter err2 = new StringWriter();
    CommandLine again = ChaosCommand.commandLine();
    again.setErr(new PrintWriter(err2));
    assertThat(again.execute("--faults", "reboot")).isEqualTo(2);
    assertThat(err2.toString()).contains("unknown fault 'reboot'").doesNotContain("\tat ");
  }
}
