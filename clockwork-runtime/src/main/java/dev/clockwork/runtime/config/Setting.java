package dev.clockwork.runtime.config;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * One node of a configuration tree before it is typed: a scalar (text) or a block of named
 * settings, with the line it was written on, so every error can point at it.
 *
 * @param scalar the text of a scalar, null for a block
 * @param block the children of a block, null for a scalar
 * @param line the 1-based line (0 for settings made in Java)
 */
record Setting(String scalar, Map<String, Setting> block, int line) {
  static Setting scalar(String text, int line) {
    return new Setting(text, null, line);
  }

  static Setting block(Map<String, Setting> children, int line) {
    return new Setting(null, children, line);
  }

  boolean isBlock() {
    return block != null;
  }

  /**
   * {@code override} laid over this setting: blocks merge key by key, recursively; anything else is
   * replaced (the queue seed's inheritance rules).
   */
  Setting mergedWith(Setting override) {
    if (override == null) {
      return this;
    }
    if (!isBlock() || !override.isBlock()) {
      return override;
    }
    Map<String, Setting> merged = new LinkedHashMap<>(block);
    override.block.forEach((key, value) -> merged.merge(key, value, Setting::mergedWith));
    return block(merged, override.line);
  }
}
