package dev.clockwork.spring.boot.keys;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.boot.json.JsonParserFactory;

/**
 * Every {@code clockwork.*} property of the configuration metadata (what IDEs complete: generated
 * from the properties records, plus {@code additional-spring-configuration-metadata.json}) is a
 * known key, so a property added another way than the records cannot be refused by the check.
 */
class MetadataKeysTest {
  private static final Path METADATA =
      Path.of("target/classes/META-INF/spring-configuration-metadata.json");

  @Test
  void everyPropertyOfTheMetadataIsKnown() throws IOException {
    List<String> names = names();
    assertThat(names)
        .as("the metadata's properties")
        .contains(
            "clockwork.queue.concurrency", "clockwork.workers.auto-startup", "clockwork.store");
    assertThat(names).allMatch(UnknownKeysCheck.CLOCKWORK::accepts, "known");
  }

  @SuppressWarnings("unchecked")
  private static List<String> names() throws IOException {
    Map<String, Object> metadata =
        JsonParserFactory.getJsonParser().parseMap(Files.readString(METADATA));
    return ((List<Map<String, Object>>) metadata.get("properties"))
        .stream()
            .map(property -> (String) property.get("name"))
            .filter(name -> name.startsWith(UnknownKeysCheck.CLOCKWORK.prefix() + "."))
            .toList();
  }
}
