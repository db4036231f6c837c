package dev.clockwork.examples.spring;

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
 * The README's "Spring Boot" section is this module's code: every block marked {@code <!--
 * spring-snippet: NAME -->} equals the region {@code snippet:start NAME} … {@code snippet:end NAME}
 * of a Java, YAML or POM file here (marked as a comment of that language).
 */
class SpringReadmeSnippetsTest {
  private static final Path MODULE = Path.of("").toAbsolutePath();
  private static final Pattern MARKED_BLOCK =
      Pattern.compile(
          "<!-- spring-snippet: ([\\w-]+) -->\\s*```(?:java|yaml|xml)\\n(.*?)```", Pattern.DOTALL);

  @Test
  void everySpringBootSnippetMatchesItsSource() throws IOException {
    String readme = Files.readString(MODULE.resolve("../README.md"));
    Matcher block = MARKED_BLOCK.matcher(readme);
    List<String> names = new ArrayList<>();
    while (block.find()) {
      names.add(block.group(1));
      assertThat(block.group(2))
          .as("README snippet '%s' must be copied from its source region", block.group(1))
          .isEqualTo(region(block.group(1)));
    }
    assertThat(names)
        .contains(
            "spring-boot-bom",
            "spring-boot-starter",
            "spring-boot-yaml",
            "spring-boot-machine",
            "spring-boot-behaviors",
            "spring-boot-controller",
            "opentelemetry");
  }

  private static String region(String name) throws IOException {
    Pattern region =
        Pattern.compile(
            "\\n[ \\t]*(?://|#|<!--) snippet:start "
                + name
                + "(?: -->)?\\n(.*?)[ \\t]*(?://|#|<!--) snippet:end "
                + name,
            Pattern.DOTALL);
    List<Path> files;
    try (Stream<Path> walk = Files.walk(MODULE.resolve("src/main"))) {
      files = new ArrayList<>(walk.filter(Files::isRegularFile).toList());
    }
    files.add(MODULE.resolve("pom.xml"));
    for (Path file : files) {
      Matcher matcher = region.matcher(Files.readString(file));
      if (matcher.find()) {
        return dedent(matcher.group(1));
      }
    }
    throw new AssertionError("no source region named " + name);
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
