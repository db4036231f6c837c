package dev.clockwork.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.clockwork.cli.environment.CliEnvironment;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/**
 * Every command answers {@code --help}, every command that prints takes {@code -o json}, and
 * durations are ISO 8601 in JSON ({@code PT30S}) and one human format in tables ({@code 30s}).
 */
class OutputCliTest {
  private final CartFixture cart = new CartFixture();

  @AfterEach
  void tearDown() {
    cart.close();
  }

  /** Every command's path under {@code clockwork}: {@code [queue, dlq, inspect]}, … */
  private static List<List<String>> commandPaths() {
    List<List<String>> paths = new ArrayList<>();
    collect(Main.commandLine(quietEnvironment()), new ArrayList<>(), paths);
    return paths;
  }

  /** An environment only to build the command tree with: no database, output dropped. */
  private static CliEnvironment quietEnvironment() {
    return new CliEnvironment(
        Map.of(),
        new PrintWriter(new StringWriter()),
        new PrintWriter(new StringWriter()),
        Clock.systemUTC(),
        null,
        List.of());
  }

  private static void collect(CommandLine command, List<String> path, List<List<String>> paths) {
    command
        .getSubcommands()
        .forEach(
            (name, sub) -> {
              if (sub.getCommandSpec().userObject() instanceof CommandLine.HelpCommand) {
                return;
              }
              List<String> subPath = new ArrayList<>(path);
              subPath.add(name);
              paths.add(subPath);
              collect(sub, subPath, paths);
            });
  }

  private static CommandLine.Model.CommandSpec spec(List<String> path) {
    CommandLine command = Main.commandLine(quietEnvironment());
    for (String name : path) {
      command = command.getSubcommands().get(name);
    }
    return command.getCommandSpec();
  }

  @Test
  void everyCommandAndGroupAnswersHelp() {
    List<List<String>> paths = commandPaths();
    assertThat(paths).hasSizeGreaterThan(25);
    for (List<String> path : paths) {
      List<String> args = new ArrayList<>(path);
      args.add("--help");
      CliRun run = cart.cli(args.toArray(String[]::new));
      assertThat(run.exitCode).as(args + "\n" + run).isZero();
      assertThat(run.out)
          .as(args.toString())
          .startsWith("Usage: clockwork " + String.join(" ", path));
      assertThat(run.err).as(args.toString()).isEmpty();
    }
    CliRun viaHelp = cart.cli("queue", "help", "status");
    assertThat(viaHelp.exitCode).as(viaHelp.toString()).isZero();
    assertThat(viaHelp.out).startsWith("Usage: clockwork queue status");
  }

  @Test
  void everyCommandThatPrintsTakesOutputJson() {
    List<String> without = new ArrayList<>();
    for (List<String> path : commandPaths()) {
      CommandLine.Model.CommandSpec spec = spec(path);
      if (spec.userObject() instanceof Callable<?> && spec.findOption("--output") == null) {
        without.add(String.join(" ", path));
      }
    }
    assertThat(without).as("commands without -o/--output").isEmpty();
  }

  @Test
  void pauseResumeInspectAndTimersProcessPrintJson() throws Exception {
    long dead = cart.deadLetterAndPending();
    JsonNode paused = json(cart.cli("queue", "pause", "cart", "-o", "json"));
    assertThat(paused.get("machine").asText()).isEqualTo("cart");
    assertThat(paused.get("status").asText()).isEqualTo("paused");
    assertThat(paused.get("pending").asLong()).isEqualTo(1);
    JsonNode resumed = json(cart.cli("queue", "resume", "cart", "-o", "json"));
    assertThat(resumed.get("status").asText()).isEqualTo("running");
    JsonNode inspected =
        json(cart.cli("queue", "dlq", "inspect", String.valueOf(dead), "-o", "json"));
    assertThat(inspected.get("id").asLong()).isEqualTo(dead);
    JsonNode processed = json(cart.cli("timers", "process", "--machine", "cart", "-o", "json"));
    assertThat(processed.get("processed").asInt()).isEqualTo(1);
    assertThat(Duration.parse(processed.get("took").asText())).isPositive();
    JsonNode migrated = json(cart.cli("migrate", "-o", "json"));
    assertThat(migrated.get("result").asText()).isEqualTo("Clockwork's tables are up to date");
    assertThat(Duration.parse(migrated.get("took").asText())).isPositive();
  }

  @Test
  void jsonDurationsAreIso8601AndTablesPrintThemOneHumanWay() throws Exception {
    cart.deadLetterAndPending();
    cart.engine.admin().queues().flushActivity();
    JsonNode details = json(cart.cli("queue", "status", "cart", "-o", "json"));
    assertThat(details.get("timeout").asText()).isEqualTo("PT30S");
    assertThat(details.get("retry").get("initialDelay").asText()).isEqualTo("PT1S");
    assertThat(details.get("retry").get("maxDelay").asText()).isEqualTo("PT5M");
    assertThat(details.get("averageProcessingTime").asText()).startsWith("PT");
    Duration.parse(details.get("averageProcessingTime").asText());

    assertThat(cart.cli("queue", "status", "cart").out).contains("Timeout:       30s");
    assertThat(cart.cli("migrate").out).containsPattern("up to date \\((\\d+ms|[\\d.]+s)\\)");
  }

  private static JsonNode json(CliRun run) throws Exception {
    assertThat(run.exitCode).as(run.toString()).isZero();
    return new ObjectMapper().readTree(run.out);
  }
}
