package dev.clockwork.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * What a user types never reaches the database as a mistake: a negative or zero limit, or a NUL
 * character in an id, is a usage error (exit code 2) naming the argument, never an SQL error.
 */
class UserInputCliTest {
  private final CartFixture cart = new CartFixture();

  @AfterEach
  void tearDown() {
    cart.close();
  }

  private static void noDatabaseErrorIn(CliRun run) {
    assertThat(run.err)
        .doesNotContain("SQLState")
        .doesNotContain("ERROR:")
        .doesNotContain("PostgreSQL store")
        .doesNotContain("\tat ");
  }

  @Test
  void limitsBelowTheirLeastAreUsageErrors() {
    cart.deadLetterAndPending();
    for (List<String> command :
        List.of(
            List.of("queue", "dlq", "--limit", "-1", "--limit must be 1 or more, not -1"),
            List.of("queue", "dlq", "--limit", "0", "--limit must be 1 or more, not 0"),
            List.of("timers", "status", "--limit", "-1", "--limit must be 1 or more, not -1"),
            List.of(
                "instance",
                "show",
                "cart-1",
                "--history",
                "-1",
                "--history must be 0 or more, not -1"),
            List.of(
                "schedules",
                "history",
                "nightly",
                "--limit",
                "-1",
                "--limit must be between 1 and 500, not -1"))) {
      String expected = command.get(command.size() - 1);
      CliRun run = cart.cli(command.subList(0, command.size() - 1).toArray(String[]::new));
      assertThat(run.exitCode).as(command + "\n" + run).isEqualTo(2);
      assertThat(run.err).as(command.toString()).startsWith("clockwork: " + expected);
      assertThat(run.err).contains("Usage: clockwork " + command.get(0));
      noDatabaseErrorIn(run);
    }
  }

  @Test
  void aDelayOrAgeBeyondWhatTheDatabaseStoresIsAUsageError() {
    long dead = cart.deadLetterAndPending();
    for (List<String> command :
        List.of(
            List.of("queue", "retry", String.valueOf(dead), "--delay", "200000000d"),
            List.of("queue", "purge", "cart", "--older-than", "999999999d", "--confirm"))) {
      CliRun run = cart.cli(command.toArray(String[]::new));
      assertThat(run.exitCode).as(command + "\n" + run).isEqualTo(2);
      assertThat(run.err)
          .as(command.toString())
          .contains("is longer than the longest a queue command takes, 100 years")
          .contains("Usage: clockwork queue");
      noDatabaseErrorIn(run);
    }
    assertThat(cart.store.queueAdmin().deadLetter(dead)).as("still a dead letter").isPresent();
  }

  @Test
  void aNulCharacterInAnyArgumentIsAUsageErrorNamingIt() {
    cart.deadLetterAndPending();
    String nul = "cart\u0000-1";
    for (List<String> command :
        List.of(
            List.of("instance", "show", nul),
            List.of("instance", "event", nul, "1"),
            List.of("queue", "status", nul),
            List.of("queue", "pause", nul),
            List.of("queue", "dlq", "--machine", nul),
            List.of("timers", "status", "--state", nul),
            List.of("schedules", "describe", nul),
            List.of("schedules", "list", "--namespace", nul))) {
      CliRun run = cart.cli(command.toArray(String[]::new));
      assertThat(run.exitCode).as(command + "\n" + run).isEqualTo(2);
      assertThat(run.err)
          .as(command.toString())
          .isEqualToIgnoringNewLines(
              "clockwork: argument "
                  + (command.indexOf(nul) + 1)
                  + " ('cart\u2400-1') holds a NUL character (shown as \u2400); no id, name or"
                  + " value can hold one: type it again without");
      noDatabaseErrorIn(run);
    }
    assertThat(cart.store.queueAdmin().isPaused("cart")).isFalse();
  }
}
