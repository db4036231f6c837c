package dev.clockwork.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/**
 * Every benchmark command's {@code --help}: printed whole, without a picocli warning (a lone {@code
 * %} in a description is read as a format and makes picocli complain on every help).
 */
class BenchmarkHelpTest {
  @Test
  void everyCommandsHelpPrintsWithoutAWarning() {
    Map<String, CommandLine> commands = Bench.commandLine().getSubcommands();
    assertThat(commands).containsKeys("durable", "soak");
    for (Map.Entry<String, CommandLine> command : commands.entrySet()) {
      PrintStream errors = System.err;
      ByteArrayOutputStream printed = new ByteArrayOutputStream();
      String usage;
      try (PrintStream capture = new PrintStream(printed, true, StandardCharsets.UTF_8)) {
        System.setErr(capture);
        usage = command.getValue().getUsageMessage();
      } finally {
        System.setErr(errors);
      }
      assertThat(printed.toString(StandardCharsets.UTF_8)).as(command.getKey()).isEmpty();
      assertThat(usage).as(command.getKey()).contains("Usage:").doesNotContain("%n");
    }
  }
}
