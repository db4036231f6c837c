package dev.clockwork.server.api.machine;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import com.fasterxml.jackson.dataformat.yaml.YAMLGenerator;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import com.github.difflib.DiffUtils;
import com.github.difflib.UnifiedDiffUtils;
import dev.clockwork.runtime.Machines;
import dev.clockwork.runtime.store.definition.StoredDefinition;
import java.io.IOException;
import java.util.List;

/**
 * A deployed version's document as people read it — rendered as YAML, the form machine files are
 * written in — and the unified diff of two versions' renderings (what {@code clockwork machine
 * diff} prints and {@code GET /api/machines/{machine}/diff} answers).
 */
public final class DeployedDocuments {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final ObjectMapper YAML =
      new ObjectMapper(
          YAMLFactory.builder()
              .disable(YAMLGenerator.Feature.WRITE_DOC_START_MARKER)
              .enable(YAMLGenerator.Feature.MINIMIZE_QUOTES)
              .enable(YAMLGenerator.Feature.INDENT_ARRAYS_WITH_INDICATOR)
              .build());

  /** Lines of context around each change in a diff. */
  static final int CONTEXT = 3;

  private DeployedDocuments() {}

  /** The document as a JSON tree (what the API embeds). */
  public static JsonNode tree(StoredDefinition version) {
    try {
      return JSON.readTree(version.document());
    } catch (JsonProcessingException e) {
      throw new IllegalStateException(
          "the stored document of "
              + version.machine()
              + " v"
              + version.version()
              + " is not JSON: "
              + e.getOriginalMessage(),
          e);
    }
  }

  /** The document rendered as YAML, its keys in the order they were deployed. */
  public static String yaml(StoredDefinition version) {
    try {
      return YAML.writeValueAsString(tree(version));
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("cannot render " + version.machine() + " as YAML", e);
    }
  }

  /**
   * The unified diff from {@code from} to {@code to}, of their YAML renderings, with {@value
   * #CONTEXT} lines of context; empty when the documents render alike.
   */
  public static String diff(StoredDefinition from, StoredDefinition to) {
    List<String> before = yaml(from).lines().toList();
    List<String> after = yaml(to).lines().toList();
    List<String> unified =
        UnifiedDiffUtils.generateUnifiedDiff(
            label(from), label(to), before, DiffUtils.diff(before, after), CONTEXT);
    StringBuilder text = new StringBuilder();
    unified.forEach(line -> text.append(line).append('\n'));
    return text.toString();
  }

  /**
   * Whether the version {@code text} (a machine's YAML or JSON) names is deployed already — so a
   * deploy of it changes nothing, or is refused; false when the text does not say (the deploy then
   * reports its mistake).
   */
  public static boolean isDeployed(Machines machines, String text) {
    JsonNode tree;
    try {
      tree = new YAMLMapper().readTree(text);
    } catch (IOException | RuntimeException e) {
      return false;
    }
    if (tree == null || !tree.path("id").isTextual()) {
      return false;
    }
    JsonNode number = tree.path("version");
    int version = number.canConvertToInt() ? number.asInt(1) : 1;
    return machines.deployed(tree.path("id").asText()).stream()
        .anyMatch(deployed -> deployed.version() == version);
  }

  private static String label(StoredDefinition version) {
    return version.machine() + " v" + version.version();
  }
}
