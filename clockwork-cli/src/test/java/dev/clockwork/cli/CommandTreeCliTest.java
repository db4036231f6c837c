package dev.clockwork.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.clockwork.cli.environment.CliEnvironment;
import dev.clockwork.cli.environment.PostgresDatabase;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.time.Clock;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import picocli.CommandLine;
import picocli.CommandLine.Model.ArgSpec;
import picocli.CommandLine.Model.CommandSpec;

/**
 * Every command of the CLI, walked from its picocli tree (a new command is covered without being
 * listed here): a misspelt subcommand is a usage error (exit 2) that names the one meant, with or
 * without {@code --help} after it and through {@code help}; {@code --help} on every command exits 0
 * with lines no wider than the usage width, wrapped between words.
 */
class CommandTreeCliTest {
  private static final CliEnvironment NO_DATABASE =
      new CliEnvironment(
          Map.of(),
          new PrintWriter(new StringWriter()),
          new PrintWriter(new StringWriter()),
          Clock.systemUTC(),
          new PostgresDatabase(),
          List.of());

  /** Every command's words after {@code clockwork}, the root's empty: each name once. */
  static Map<String, CommandLine> commands() {
    Map<String, CommandLine> all = new LinkedHashMap<>();
    walk(Main.commandLine(NO_DATABASE), List.of(), all);
    return all;
  }

  private static void walk(CommandLine command, List<String> path, Map<String, CommandLine> all) {
    all.put(String.join(" ", path), command);
    for (Map.Entry<String, CommandLine> sub : subcommands(command.getCommandSpec()).entrySet()) {
      List<String> deeper = new ArrayList<>(path);
      deeper.add(sub.getKey());
      walk(sub.getValue(), deeper, all);
    }
  }

  /** Visible subcommands by name, an alias not repeated. */
  private static Map<String, CommandLine> subcommands(CommandSpec spec) {
    Map<String, CommandLine> subs = new LinkedHashMap<>();
    spec.subcommands()
        .forEach(
            (name, sub) -> {
              if (name.equals(sub.getCommandName())
                  && !sub.getCommandSpec().usageMessage().hidden()) {
                subs.put(name, sub);
              }
            });
    return subs;
  }

  static Stream<Arguments> everyCommand() {
    return commands().keySet().stream().map(Arguments::of);
  }

  /** Each (group, subcommand) pair: the group's words and the subcommand's name. */
  static Stream<Arguments> everySubcommand() {
    List<Arguments> pairs = new ArrayList<>();
    commands()
        .forEach(
            (path, command) ->
                subcommands(command.getCommandSpec())
                    .keySet()
                    .forEach(name -> pairs.add(Arguments.of(path, name))));
    return pairs.stream();
  }

  /**
   * The name with its last two letters swapped, the commonest slip: {@code list} → {@code lsit}.
   */
  private static String misspelt(String name) {
    int n = name.length();
    String swapped = name.substring(0, n - 2) + name.charAt(n - 1) + name.charAt(n - 2);
    return swapped.equals(name) ? name + name.charAt(n - 1) : swapped;
  }

  private static CliRun cli(List<String> args) {
    return CliRun.run(Map.of(), Clock.systemUTC(), List.of(), args.toArray(String[]::new));
  }

  private static List<String> words(String path, String... more) {
    List<String> args = new ArrayList<>(path.isEmpty() ? List.of() : List.of(path.split(" ")));
    args.addAll(Arrays.asList(more));
    return args;
  }

  @Test
  void theWalkSeesEveryGroupAndItsSubcommands() {
    assertThat(commands().keySet())
        .contains(
            "",
            "schedules list",
            "queue dlq inspect",
            "timers reschedule",
            "instance event",
            "machine migrate",
            "retention status",
            "archive read",
            "migrate",
            "token new",
            "dev",
            "server");
  }

  @ParameterizedTest(name = "clockwork {0} <{1} misspelt>")
  @MethodSource("everySubcommand")
  void aMisspeltSubcommandIsAUsageErrorNamingTheOneMeant(String group, String name) {
    String typo = misspelt(name);
    String prefix = group.isEmpty() ? "" : group + " ";
    String expected = "clockwork: unknown command '" + prefix + typo + "'; did you mean ";
    for (List<String> args :
        List.of(words(group, typo), words(group, typo, "--help"), words(group, typo, "-h"))) {
      CliRun run = cli(args);
      assertThat(run.exitCode).as(args + "\n" + run).isEqualTo(2);
      assertThat(run.out).as(args.toString()).isEmpty();
      assertThat(run.err)
          .as(args.toString())
          .startsWith(expected)
          .contains("'" + prefix + name + "'")
          .contains("Usage: clockwork" + (group.isEmpty() ? "" : " " + group));
    }
  }

  @ParameterizedTest(name = "clockwork {0} help <{1} misspelt>")
  @MethodSource("everySubcommand")
  void helpForAMisspeltSubcommandNamesTheOneMeant(String group, String name) {
    if (!commands().get(group).getSubcommands().containsKey("help")) {
      return; // a group without the help subcommand is covered by --help above
    }
    String prefix = group.isEmpty() ? "" : group + " ";
    CliRun run = cli(words(group, "help", misspelt(name)));
    assertThat(run.exitCode).as(run.toString()).isEqualTo(2);
    assertThat(run.err)
        .startsWith("clockwork: unknown command '" + prefix + misspelt(name) + "'; did you mean ")
        .contains("'" + prefix + name + "'");
  }

  @ParameterizedTest(name = "clockwork {0} --help")
  @MethodSource("everyCommand")
  void helpExitsZeroWrappedBetweenWordsWithinTheUsageWidth(String path) {
    CliRun run = cli(words(path, "--help"));
    assertThat(run.exitCode).as(run.toString()).isZero();
    assertThat(run.err).isEmpty();
    assertThat(run.out).contains("Usage: clockwork" + (path.isEmpty() ? "" : " " + path));
    for (String line : run.out.split("\n")) {
      assertThat(line.length())
          .as("no wider than %d: '%s'", Main.USAGE_WIDTH, line)
          .isLessThanOrEqualTo(Main.USAGE_WIDTH);
    }
    Set<String> printed = new TreeSet<>(Arrays.asList(run.out.split("\\s+")));
    CommandSpec spec = commands().get(path).getCommandSpec();
    for (String word : describedWords(spec)) {
      assertThat(printed).as("'%s' is printed whole in\n%s", word, run.out).contains(word);
    }
  }

  /** A wider terminal gets wider help, wrapped between words all the same. */
  @ParameterizedTest(name = "clockwork {0} --help, wider")
  @MethodSource("everyCommand")
  void helpForAWiderTerminalIsWrappedBetweenWordsToo(String path) {
    CommandLine command = commands().get(path);
    CommandSpec spec = command.getCommandSpec();
    for (int width : new int[] {100, 132}) {
      command.setUsageHelpAutoWidth(false);
      command.setUsageHelpWidth(width);
      StringWriter help = new StringWriter();
      command.usage(new PrintWriter(help));
      for (String line : help.toString().split("\n")) {
        assertThat(line.length()).as("width %d: '%s'", width, line).isLessThanOrEqualTo(width);
      }
      Set<String> printed = new TreeSet<>(Arrays.asList(help.toString().split("\\s+")));
      assertThat(printed).as("width %d:%n%s", width, help).containsAll(describedWords(spec));
      if (Arrays.stream(spec.usageMessage().description()).anyMatch(p -> p.length() > width)) {
        assertThat(help.toString().lines().anyMatch(line -> line.length() > Main.USAGE_WIDTH))
            .as("width %d is used:%n%s", width, help)
            .isTrue();
      }
    }
  }

  @ParameterizedTest(name = "clockwork {0}")
  @MethodSource("everyCommand")
  void descriptionsAreWholeParagraphsNotLinesBrokenByHand(String path) {
    CommandSpec spec = commands().get(path).getCommandSpec();
    if (spec.userObject() instanceof CommandLine.HelpCommand) {
      return; // picocli's own
    }
    for (String paragraph : spec.usageMessage().description()) {
      assertThat(paragraph).as("clockwork %s: a paragraph ends a sentence", path).endsWith(".");
    }
    for (ArgSpec arg : spec.args()) {
      assertThat(arg.description())
          .as("clockwork %s %s: one description, wrapped by picocli", path, arg.paramLabel())
          .hasSizeLessThanOrEqualTo(1);
    }
  }

  /** The words of the command's, its arguments' and its subcommands' descriptions, as written. */
  private static Set<String> describedWords(CommandSpec spec) {
    List<String> texts = new ArrayList<>(Arrays.asList(spec.usageMessage().description()));
    spec.subcommands()
        .values()
        .forEach(
            sub -> {
              String[] summary = sub.getCommandSpec().usageMessage().description();
              if (summary.length > 0 && !summary[0].contains("%")) {
                texts.add(summary[0]);
              }
            });
    for (ArgSpec arg : spec.args()) {
      if (!arg.hidden()) {
        texts.addAll(Arrays.asList(arg.description()));
      }
    }
    Set<String> words = new TreeSet<>();
    for (String text : texts) {
      for (String word : text.split("\\s+")) {
        if (!word.isEmpty() && !word.contains("%") && !word.contains("${")) {
          words.add(word);
        }
      }
    }
    return words;
  }
}
