package dev.clockwork.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Machine names as a newcomer types them: the queue seed's {@code @cart} names {@code cart} in
 * every command, and a name no one knows is an error listing the known ones — never a command that
 * says it paused a queue that does not exist.
 */
class MachineNamesCliTest {
  private final CartFixture cart = new CartFixture();

  /** Every command that takes a machine name, with {@code %s} where the name goes. */
  private static final List<String> COMMANDS =
      List.of(
          "queue status %s",
          "queue pause %s",
          "queue resume %s",
          "queue purge %s --pending --confirm",
          "queue retry %s --all",
          "queue dlq --machine %s",
          "timers status --machine %s",
          "timers process --machine %s");

  @AfterEach
  void tearDown() {
    cart.close();
  }

  private CliRun run(String command, String machine, String... more) {
    List<String> args = new ArrayList<>(List.of(command.formatted(machine).split(" ")));
    args.addAll(List.of(more));
    return cart.cli(args.toArray(String[]::new));
  }

  @Test
  void theSeedSpellingNamesTheMachineInEveryCommand() {
    cart.deadLetterAndPending();
    for (String command : COMMANDS) {
      CliRun run = run(command, "@cart", "--output", "json");
      assertThat(run.exitCode).as(command + "\n" + run).isZero();
      assertThat(run.err).as(command).isEmpty();
    }
    assertThat(cart.cli("queue", "pause", "@cart").out).startsWith("cart: PAUSED");
    assertThat(cart.store.queueAdmin().isPaused("cart")).isTrue();
    assertThat(cart.store.queueAdmin().isPaused("@cart")).isFalse();
  }

  @Test
  void aMachineNoOneKnowsIsAnErrorInEveryCommandAndChangesNothing() {
    long dead = cart.deadLetterAndPending();
    for (String command : COMMANDS) {
      CliRun run = run(command, "@crat");
      assertThat(run.exitCode).as(command + "\n" + run).isEqualTo(1);
      assertThat(run.out).as(command).isEmpty();
      assertThat(run.err)
          .as(command)
          .startsWith("clockwork: no machine 'crat' is ")
          .contains("did you mean cart?")
          .doesNotContain("\tat ");
    }
    assertThat(run("queue pause %s", "payment").err)
        .isEqualToIgnoringNewLines(
            "clockwork: no machine 'payment' is known (known: cart); a machine is known once an"
                + " instance of it is stored, its definition is on the classpath or"
                + " clockwork.yaml has settings for it under machines:");
    assertThat(cart.store.queueAdmin().isPaused("crat")).isFalse();
    assertThat(cart.store.queueAdmin().isPaused("payment")).isFalse();
    assertThat(cart.store.queue().pendingEvents()).isEqualTo(1);
    assertThat(cart.store.queueAdmin().deadLetter(dead)).isPresent();
  }

  @Test
  void aMachineWithSettingsInTheFileIsKnownBeforeItHasInstances(@TempDir Path dir)
      throws Exception {
    Path file = dir.resolve("clockwork.yaml");
    Files.writeString(file, "machines:\n  report:\n    queue:\n      concurrency: 1\n");
    CliRun paused = cart.cli("queue", "pause", "@report", "--config", file.toString());
    assertThat(paused.exitCode).as(paused.toString()).isZero();
    assertThat(paused.out).isEqualTo("report: PAUSED (0 pending)\n");
    assertThat(cart.store.queueAdmin().isPaused("report")).isTrue();
    assertThat(cart.cli("queue", "pause", "report").exitCode)
        .as("without the file, report is not known")
        .isEqualTo(1);
  }

  @Test
  void aMachineOnTheClasspathIsKnownBeforeItHasInstances() {
    CliRun paused = cart.cli("queue", "pause", "cart");
    assertThat(paused.exitCode).as(paused.toString()).isZero();
    assertThat(cart.store.queueAdmin().isPaused("cart")).isTrue();
  }
}
