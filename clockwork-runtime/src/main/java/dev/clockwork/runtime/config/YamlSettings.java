package dev.clockwork.runtime.config;

import java.io.StringReader;
import java.util.LinkedHashMap;
import java.util.Map;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.error.MarkedYAMLException;
import org.yaml.snakeyaml.nodes.MappingNode;
import org.yaml.snakeyaml.nodes.Node;
import org.yaml.snakeyaml.nodes.NodeTuple;
import org.yaml.snakeyaml.nodes.ScalarNode;

/** Reads YAML into a {@link Setting} tree that remembers the line of every key. */
final class YamlSettings {
  private YamlSettings() {}

  static Setting read(String yaml, String source) {
    Node root;
    try {
      root = new Yaml(new LoaderOptions()).compose(new StringReader(yaml));
    } catch (MarkedYAMLException e) {
      int line = e.getProblemMark() == null ? 1 : e.getProblemMark().getLine() + 1;
      throw new ConfigException(source, line, "(yaml)", "not valid YAML: " + e.getProblem());
    }
    if (root == null) {
      return Setting.block(Map.of(), source, 1);
    }
    return convert(root, "", source, root.getStartMark().getLine() + 1);
  }

  /** Converts {@code node}; {@code line} is where its key was written (errors point there). */
  private static Setting convert(Node node, String path, String source, int line) {
    if (node instanceof ScalarNode) {
      return Setting.scalar(((ScalarNode) node).getValue(), source, line);
    }
    if (node instanceof MappingNode) {
      Map<String, Setting> children = new LinkedHashMap<>();
      for (NodeTuple tuple : ((MappingNode) node).getValue()) {
        if (!(tuple.getKeyNode() instanceof ScalarNode)) {
          throw new ConfigException(
              source,
              tuple.getKeyNode().getStartMark().getLine() + 1,
              path,
              "keys must be plain words");
        }
        String key = ((ScalarNode) tuple.getKeyNode()).getValue();
        String childPath = path.isEmpty() ? key : path + "." + key;
        int keyLine = tuple.getKeyNode().getStartMark().getLine() + 1;
        if (children.put(key, convert(tuple.getValueNode(), childPath, source, keyLine)) != null) {
          throw new ConfigException(
              source,
              tuple.getKeyNode().getStartMark().getLine() + 1,
              childPath,
              "is set twice; keep one");
        }
      }
      return Setting.block(children, source, line);
    }
    throw new ConfigException(
        source,
        line,
        path.isEmpty() ? "(root)" : path,
        "lists are not used here; write key: value");
  }
}
