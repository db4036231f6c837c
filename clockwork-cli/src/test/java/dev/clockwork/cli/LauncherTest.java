package dev.clockwork.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * The repository's {@code ./clockwork} launcher, as a newcomer meets it: mistakes that need no
 * build (an unknown command, help for one) are answered with the usage and exit code 2.
 */
class LauncherTest {
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

  @Test
  void anUnknownCommandIsNamedWithTheUsage() throws Exception {
    Run run = run("frob");
    assertThat(run.exitCode()).isEqualTo(2);
    assertThat(run.err()).startsWith("clockwork: unknown command 'frob'").contains("usage:");
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

  @Test
  void noCommandAtAllPrintsTheUsageAsAnError() throws Exception {
    Run run = run();
    assertThat(run.exitCode()).isEqualTo(2);
    assertThat(run.err()).contains("usage: clockwork <command>");
  }
}
