package dev.clockwork.spring.boot.tests;

import static org.assertj.core.api.Assertions.assertThat;

import dev.clockwork.spring.boot.keys.UnknownKeysCheck;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.yaml.snakeyaml.Yaml;

/**
 * Every {@code clockwork.*} key the README's "Spring Boot" section documents, in its text and its
 * YAML, is a key the starter knows, so the check that stops a start on unknown keys never refuses
 * what the README tells users to write ({@code <id>} stands for any map key). Example messages in
 * {@code text} blocks, which show misspelt keys on purpose, are left out.
 */
class ReadmeKeysTest {
  private static final Path README = Path.of("../../README.md");
  private static final Pattern KEY = Pattern.compile("(?<![\\w.-])clockwork\\.[a-z][\\w.<>-]*");
  private static final Pattern YAML = Pattern.compile("```yaml\\n(.*?)```", Pattern.DOTALL);
  private static final Pattern TEXT = Pattern.compile("```text\\n.*?```", Pattern.DOTALL);

  @Test
  void everyDocumentedKeyIsKnown() throws IOException {
    String section = springSection();
    List<String> keys = new ArrayList<>();
    Matcher key = KEY.matcher(TEXT.matcher(section).replaceAll(""));
    while (key.find()) {
      String found = key.group().replace("<id>", "any").replaceAll("\\.+$", "");
      if (!found.equals("clockwork.yaml")) {
        keys.add(found);
      }
    }
    Matcher yaml = YAML.matcher(section);
    while (yaml.find()) {
      Map<String, Object> document = new Yaml().load(yaml.group(1));
      flatten("", document, keys);
    }
    assertThat(keys)
        .as("the keys the README's Spring Boot section documents")
        .contains(
            "clockwork.enabled",
            "clockwork.workers.auto-startup",
            "clockwork.store",
            "clockwork.queue.retry.max_attempts",
            "clockwork.machines.order.queue.concurrency");
    assertThat(keys.stream().filter(k -> k.startsWith("clockwork.")))
        .allMatch(UnknownKeysCheck.CLOCKWORK::accepts, "known");
  }

  private static String springSection() throws IOException {
    String readme = Files.readString(README);
    int start = readme.indexOf("\n## Spring Boot\n");
    int end = readme.indexOf("\n## ", start + 1);
    assertThat(start).as("the README's Spring Boot section").isPositive();
    return readme.substring(start, end);
  }

  @SuppressWarnings("unchecked")
  private static void flatten(String prefix, Map<String, Object> block, List<String> keys) {
    block.forEach(
        (name, value) -> {
          String key = prefix + name;
          if (value instanceof Map<?, ?> child) {
            flatten(key + ".", (Map<String, Object>) child, keys);
          } else {
            keys.add(key);
          }
        });
  }
}
