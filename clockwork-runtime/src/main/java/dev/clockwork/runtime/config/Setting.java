package dev.clockwork.runtime.config;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * One node of a configuration tree before it is typed: a scalar (text) or a block of named
 * settings, with where it was written (the file or code, and the line), so every error can point at
 * it.
 *
 * @param scalar the text of a scalar, null for a block
 * @param block the children of a block, null for a scalar
 * @param source what it was written in: a file's name, {@code clockwork.* properties}, code
 * @param line the 1-based line (0 for settings made in Java)
 */
record Setting(String scalar, Map<String, Setting> block, String source, int line) {
  static Setting scalar(String text, String source, int line) {
    return new Setting(text, null, source, line);
  }

  static Setting block(Map<String, Setting> children, String source, int line) {
    return new Setting(null, children, source, line);
  }

  boolean isBlock() {
    return block != null;
  }

  /** The child {@code key} of a block; null for a scalar or an absent key. */
  Setting get(String key) {
    return block == null ? null : block.get(key);
  }

  /**
   * {@code override} laid over this setting: blocks merge key by key, recursively; anything else is
   * replaced (the queue seed's inheritance rules). Either may be absent (null).
   */
  static Setting merged(Setting base, Setting override) {
    if (base == null || override == null) {
      return base == null ? override : base;
    }
    if (!base.isBlock() || !override.isBlock()) {
      return override;
    }
    Map<String, Setting> merged = new LinkedHashMap<>(base.block);
    override.block.forEach((key, value) -> merged.merge(key, value, Setting::merged));
    return block(merged, override.source, override.line);
  }
}
