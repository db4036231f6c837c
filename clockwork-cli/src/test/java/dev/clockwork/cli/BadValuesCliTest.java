package dev.clockwork.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Clock;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A value that cannot be read (a duration, an instant, a number, a namespace, an id) is a usage
 * error everywhere: exit code 2, one line naming the option and the fix, the command's usage, and
 * nothing run — these run without a database, so a value read only while the command runs would end
 * in "no database given" and exit code 1 instead.
 */
class BadValuesCliTest {
  private static CliRun cli(List<String> args) {
    return CliRun.run(Map.of(), Clock.systemUTC(), List.of(), args.toArray(String[]::new));
  }

  static Stream<Arguments> badValues() {
    return Stream.of(
        Arguments.of(
            List.of("queue", "retry", "7", "--delay", "soon"),
            "--delay: duration 'soon' is not understood"),
        Arguments.of(
            List.of("queue", "retry", "7", "--delay", "200000000d"),
            "--delay: '200000000d' is longer than the longest a queue command takes, 100 years"),
        Arguments.of(
            List.of("queue", "purge", "cart", "--older-than", "a while", "--confirm"),
            "--older-than: duration 'a while' is not understood"),
        Arguments.of(
            List.of("queue", "purge", "cart", "--confirm"),
            "say what to purge: --pending, --dlq and/or --older-than DURATION"),
        Arguments.of(List.of("queue", "retry", "cart"), "'cart' is not a dead letter id"),
        Arguments.of(
            List.of("queue", "dlq", "inspect", "seven"), "'seven' is not a dead letter id"),
        Arguments.of(
            List.of("queue", "dlq", "--limit", "many"),
            "--limit must be a whole number, not 'many'"),
        Arguments.of(
            List.of("timers", "extend", "order-1", "ORDER_EXPIRED", "--by", "never"),
            "--by: duration 'never' is not understood"),
        Arguments.of(
            List.of("timers", "reschedule", "order-1", "ORDER_EXPIRED", "--to", "tomorrow"),
            "--to: 'tomorrow' is not an instant; write one like 2026-12-24T09:00:00Z"),
        Arguments.of(
            List.of("instance", "event", "order-1", "forty-two"),
            "EVENT_ID must be a whole number, not 'forty-two'"),
        Arguments.of(
            List.of("instance", "show", "order-1", "--namespace", "no such!"),
            "--namespace: namespace 'no such!' is not a namespace name"),
        Arguments.of(
            List.of("instance", "send", "order-1", "PAY", "--namespace", "*"),
            "--namespace '*' lists; to show one instance name its namespace"),
        Arguments.of(
            List.of("timers", "fire", "order-1", "ORDER_EXPIRED", "-n", "*"),
            "--namespace '*' lists; to show one instance name its namespace"),
        Arguments.of(
            List.of("token", "new", "--principal", "two words"),
            "--principal 'two words': use letters, digits, '.', '_', '@' and '-'"),
        Arguments.of(
            List.of("dev", "--port", "99999"),
            "--port: '99999' is not a port; use 1 to 65535 (0: any free port)"),
        Arguments.of(
            List.of("server", "--port", "http"),
            "--port: 'http' is not a port; use 1 to 65535 (0: any free port)"),
        Arguments.of(
            List.of("queue", "retry", "7", "--dealy", "5s"),
            "unknown option '--dealy' of 'queue retry'; did you mean --delay?"),
        Arguments.of(
            List.of("schedules", "list", "--include-delted"),
            "unknown option '--include-delted' of 'schedules list'; did you mean"
                + " --include-deleted?"));
  }

  /** The command's words: up to two before the first option. */
  private static List<String> command(List<String> args) {
    return args.stream().takeWhile(arg -> !arg.startsWith("-")).limit(2).toList();
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("badValues")
  void aBadValueIsAUsageErrorNamingItBeforeAnythingRuns(List<String> args, String expected) {
    CliRun run = cli(args);
    assertThat(run.exitCode).as(run.toString()).isEqualTo(2);
    assertThat(run.err).startsWith("clockwork: " + expected);
    assertThat(run.err)
        .contains("Usage: clockwork " + String.join(" ", command(args)))
        .doesNotContain("no database given")
        .doesNotContain("Exception")
        .doesNotContain("\tat ");
    assertThat(run.out).isEmpty();
  }

  @Test
  void aGroupWithoutItsCommandSaysWhichItTakes() {
    CliRun run = cli(List.of("schedules"));
    assertThat(run.exitCode).as(run.toString()).isEqualTo(2);
    assertThat(run.err)
        .startsWith(
            "clockwork: 'schedules' needs a command: list, describe, history, trigger, backfill,"
                + " pause, resume, delete, tick or help")
        .contains("Usage: clockwork schedules");
  }

  @Test
  void aGoodValueGetsPastParsing() {
    // the same command with a good value reaches the database, which is missing: exit 1
    CliRun run = cli(List.of("queue", "retry", "7", "--delay", "5s"));
    assertThat(run.exitCode).as(run.toString()).isEqualTo(1);
    assertThat(run.err).startsWith("clockwork: no database given");
  }
}
