package dev.clockwork.runtime.config;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Reads a tree of maps (the shape {@code clockwork.yaml} has, built in code — by {@link
 * SettingsBuilder} or by the Spring Boot starter from its properties) into a {@link Setting} tree:
 * maps are blocks, anything else a scalar written as its {@code toString()} (a {@code Duration} as
 * ISO 8601); null values are left out, as unset keys are.
 */
final class MapSettings {
  private MapSettings() {}

  static Setting read(Map<String, ?> tree, String source) {
    return block(tree, "", source);
  }

  private static Setting block(Map<?, ?> map, String path, String source) {
    Map<String, Setting> children = new LinkedHashMap<>();
    for (Map.Entry<?, ?> entry : map.entrySet()) {
      if (entry.getValue() == null) {
        continue;
      }
      String key = String.valueOf(entry.getKey());
      String childPath = path.isEmpty() ? key : path + "." + key;
      if (entry.getValue() instanceof Map<?, ?> child) {
        children.put(key, block(child, childPath, source));
      } else if (entry.getValue() instanceof Iterable<?>) {
        throw new ConfigException(
            source, 0, childPath, "lists are not used here; write key: value");
      } else {
        children.put(key, Setting.scalar(String.valueOf(entry.getValue()), source, 0));
      }
    }
    return Setting.block(children, source, 0);
  }
}
