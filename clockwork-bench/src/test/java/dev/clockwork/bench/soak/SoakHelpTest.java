package dev.clockwork.bench.soak;

import static org.assertj.core.api.Assertions.assertThat;

import dev.clockwork.bench.Bench;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** {@code soak --help} prints its options and nothing picocli had to warn about. */
class SoakHelpTest {
  @Test
  void helpPrintsNoFormatWarning() {
    PrintStream console = System.out;
    PrintStream errors = System.err;
    ByteArrayOutputStream printed = new ByteArrayOutputStream();
    int exit;
    try (PrintStream capture = new PrintStream(printed, true, StandardCharsets.UTF_8)) {
      System.setOut(capture);
      System.setErr(capture);
      exit = Bench.commandLine().execute("soak", "--help");
    } finally {
      System.setOut(console);
      System.setErr(errors);
    }
    String text = printed.toString(StandardCharsets.UTF_8);
    assertThat(exit).as(text).isZero();
    assertThat(text)
        .contains("--rate")
        .contains("70 % of")
        .doesNotContain("WARN")
        .doesNotContain("Could not format");
  }
}
