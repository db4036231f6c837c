package dev.clockwork.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.clockwork.postgres.testing.EmbeddedPostgresDatabase;
import dev.clockwork.postgres.testing.TestDatabase;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The repository's {@code ./clockwork} launcher, as a newcomer meets it: mistakes that need no
 * build (an unknown command, help for one) are answered with the usage and exit code 2, and the CLI
 * it starts reads {@code ./clockwork.yaml} and relative {@code --config} paths from the directory
 * the user runs it in, not the launcher's.
 */
class LauncherTest {
  private static final TestDatabase DB = EmbeddedPostgresDatabase.shared().newDatabase();
  private static final Path LAUNCHER = Path.of("..", "clockwork").toAbsolutePath().normalize();

  private record Run(int exitCode, String out, String err) {}

  private static Run run(String... args) throws IOException, InterruptedException {
    List<String> command = new ArrayList<>(List.of("bash", LAUNCHER.toString()));
    command.addAll(List.of(args));
    Path out = Files.createTempFile("launcher", ".out");
    Path err = Files.createTempFile("launcher", ".err");
    Process process =
        new ProcessBuilder(command)
            .directory(Files.createTempDirectory("newcomer").toFile())
            .redirectOutput(out.toFile())
            .redirectError(err.toFile())
            .start();
    assertThat(process.waitFor(30, TimeUnit.SECONDS)).as("the launcher answers").isTrue();
    return new Run(
        process.exitValue(),
        Files.readString(out, StandardCharsets.UTF_8),
        Files.readString(err, StandardCharsets.UTF_8));
  }

  /**
   * A copy of the launcher in a directory of its own, with a stand-in for the jar it runs (a
   * checkout without the CLI's sources runs the jar it has), and a newcomer's directory elsewhere
   * holding their clockwork.yaml.
   */
  @Test
  void clockworkYamlAndRelativeConfigPathsAreReadWhereTheUserRunsIt(@TempDir Path dir)
      throws Exception {
    Path root = Files.createDirectories(dir.resolve("checkout"));
    Files.copy(LAUNCHER, root.resolve("clockwork"));
    Files.createDirectories(root.resolve("scripts"));
    Files.copy(
        LAUNCHER.resolveSibling("scripts/jar-launcher.sh"),
        root.resolve("scripts/jar-launcher.sh"));
    CliProcess.writeLauncherJar(root.resolve("clockwork-cli/target/clockwork.jar"));
    Path newcomer = Files.createDirectories(dir.resolve("newcomer"));
    String database =
        "database:\n  url: "
            + DB.url()
            + "\n  user: "
            + DB.user()
            + "\n  password: '"
            + DB.password()
            + "'\n";
    Files.writeString(newcomer.resolve("clockwork.yaml"), database + "system: from-here\n");
    Files.createDirectories(newcomer.resolve("conf"));
    Files.writeString(newcomer.resolve("conf/other.yaml"), database + "system: from-conf\n");
    // the launcher's own directory has a clockwork.yaml too: it must not be the one read
    Files.writeString(root.resolve("clockwork.yaml"), "system: launcher-dir\n");
    String launcher = root.resolve("clockwork").toString();

    CliProcess here =
        CliProcess.run(newcomer, Map.of(), List.of("bash", launcher, "queue", "status"));
    assertThat(here.exitCode()).as(here.toString()).isZero();
    assertThat(here.out()).contains("System: from-here");

    CliProcess relative =
        CliProcess.run(
            newcomer,
            Map.of(),
            List.of("bash", launcher, "queue", "status", "--config", "conf/other.yaml"));
    assertThat(relative.exitCode()).as(relative.toString()).isZero();
    assertThat(relative.out()).contains("System: from-conf");

    CliProcess missing =
        CliProcess.run(
            newcomer,
            Map.of(),
            List.of("bash", launcher, "queue", "status", "--config", "conf/nope.yaml"));
    assertThat(missing.exitCode()).isEqualTo(1);
    assertThat(missing.err())
        .startsWith("clockwork: config file conf/nope.yaml does not exist")
        .doesNotContain("\tat ");
  }

  @Test
  void anUnknownCommandIsNamedWithTheUsage() throws Exception {
    Run run = run("frob");
    assertThat(run.exitCode()).isEqualTo(2);
    assertThat(run.err()).startsWith("clockwork: unknown command 'frob'").contains("usage:");
  }

  @Test
  void aNearMissIsAnsweredWithTheCommandMeant() throws Exception {
    Run run = run("serve");
    assertThat(run.exitCode()).isEqualTo(2);
    assertThat(run.err()).startsWith("clockwork: unknown command 'serve'; did you mean server?");
  }

  @Test
  void aMisspellingIsAnsweredWithTheCommandMeantToo() throws Exception {
    for (String[] typo :
        new String[][] {{"shedules", "schedules"}, {"tiemrs", "timers"}, {"mirgate", "migrate"}}) {
      Run run = run(typo[0]);
      assertThat(run.exitCode()).isEqualTo(2);
      assertThat(run.err())
          .startsWith(
              "clockwork: unknown command '" + typo[0] + "'; did you mean " + typo[1] + "?");
    }
    Run help = run("help", "qeueu");
    assertThat(help.exitCode()).isEqualTo(2);
    assertThat(help.err()).startsWith("clockwork: no help for 'qeueu': there is no such command");
  }

  @Test
  void helpForAnUnknownCommandSaysSo() throws Exception {
    Run run = run("help", "frob");
    assertThat(run.exitCode()).isEqualTo(2);
    assertThat(run.err()).startsWith("clockwork: no help for 'frob'").contains("commands:");
  }

  @Test
  void helpAloneListsTheCommands() throws Exception {
    Run run = run("help");
    assertThat(run.exitCode()).isZero();
    assertThat(run.out()).contains("usage: clockwork <command>", "demo", "schedules");
  }

  /**
   * Every command of the CLI is routed by the launcher (its case list) and listed by its usage: a
   * command the launcher does not know is "unknown" to a newcomer, however well the CLI knows it
   * (machine, retention and archive were, until CI13 ran the README's deploy).
   */
  @Test
  void theLauncherRoutesAndListsEveryCommandOfTheCli() throws Exception {
    String launcher = Files.readString(LAUNCHER);
    String usage = run("help").out();
    List<String> commands =
        java.util.Arrays.stream(
                Main.class.getAnnotation(picocli.CommandLine.Command.class).subcommands())
            .map(type -> type.getAnnotation(picocli.CommandLine.Command.class).name())
            .filter(name -> !name.equals("help"))
            .toList();

    assertThat(commands).contains("machine", "retention", "archive");
    for (String command : commands) {
      assertThat(launcher)
          .as("the launcher routes '%s' to the CLI", command)
          .containsPattern("(?m)^\\s+(\\| )?([a-z-]+ \\| )*" + command + " \\|");
      assertThat(usage)
          .as("the usage lists '%s'", command)
          .containsPattern("(?m)^  " + command + " ");
    }
  }

  @Test
  void noCommandAtAllPrintsTheUsageAsAnError() throws Exception {
    Run run = run();
    assertThat(run.exitCode()).isEqualTo(2);
    assertThat(run.err()).contains("usage: clockwork <command>");
  }
}
