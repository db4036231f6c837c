package dev.clockwork.examples;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The README's code is compiled code: every block marked {@code <!-- snippet: NAME -->} must equal
 * the region between {@code // snippet:start NAME} and {@code // snippet:end NAME} in this module.
 */
class ReadmeSnippetsTest {
  private static final Path MODULE = Path.of("").toAbsolutePath();
  private static final Pattern MARKED_BLOCK =
      Pattern.compile("<!-- snippet: ([\\w-]+) -->\\s*```(java|yaml)\\n(.*?)```", Pattern.DOTALL);

  @Test
  void everyReadmeSnippetMatchesItsSource() throws IOException {
    String readme = Files.readString(MODULE.resolve("../README.md"));
    Matcher block = MARKED_BLOCK.matcher(readme);
    List<String> names = new ArrayList<>();
    while (block.find()) {
      names.add(block.group(1));
      String source = sourceRegion(block.group(1));
      String expected = block.group(2).equals("yaml") ? textBlock(source) : source;
      assertThat(block.group(3))
          .as(
              "README snippet '%s' must be copied from the source region of that name",
              block.group(1))
          .isEqualTo(expected);
    }
    assertThat(names)
        .contains(
            "getting-started",
            "durable",
            "order",
            "order-test",
            "payment",
            "subscription",
            "checkout",
            "checkout-test",
            "fulfilment",
            "fulfilment-test",
            "queue-routing",
            "order-yaml",
            "subscription-yaml",
            "payment-yaml",
            "checkout-yaml");
  }

  private static String sourceRegion(String name) throws IOException {
    Pattern region =
        Pattern.compile(
            "[ \\t]*// snippet:start " + name + "\\n(.*?)[ \\t]*// snippet:end " + name,
            Pattern.DOTALL);
    try (Stream<Path> files = Files.walk(MODULE.resolve("src"))) {
      for (Path file : files.filter(f -> f.toString().endsWith(".java")).toList()) {
        Matcher matcher = region.matcher(Files.readString(file));
        if (matcher.find()) {
          return dedent(matcher.group(1));
        }
      }
    }
    throw new AssertionError("no source region named " + name);
  }

  /** The content of the one Java text block in {@code region}, for YAML snippets. */
  private static String textBlock(String region) {
    String inside = region.substring(region.indexOf("\"\"\"") + 3, region.lastIndexOf("\"\"\""));
    return dedent(inside.substring(inside.indexOf('\n') + 1)).replaceAll("(?m)^\\s+$", "");
  }

  private static String dedent(String text) {
    List<String> lines = text.lines().toList();
    int indent =
        lines.stream()
            .filter(l -> !l.isBlank())
            .mapToInt(l -> l.length() - l.stripLeading().length())
            .min()
            .orElse(0);
    StringBuilder out = new StringBuilder();
    for (String line : lines) {
      out.append(line.isBlank() ? "" : line.substring(indent)).append('\n');
    }
    return out.toString();
  }
}
