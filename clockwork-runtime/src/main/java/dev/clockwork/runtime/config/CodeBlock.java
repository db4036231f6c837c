package dev.clockwork.runtime.config;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.function.Consumer;
import java.util.function.Function;

/**
 * A block of settings written in code: the keys of {@code clockwork.yaml} in a tree of maps, read
 * by the same reader as the file ({@link MapSettings}), so every value set in code meets the file's
 * checks.
 *
 * @param <B> the block's own builder, returned by every setter
 */
abstract class CodeBlock<B extends CodeBlock<B>> {
  private final Map<String, Object> values;

  CodeBlock(Map<String, Object> values) {
    this.values = values;
  }

  /** Sets {@code key} ({@code name} in code) to {@code value}, which may not be null. */
  @SuppressWarnings("unchecked")
  final B set(String key, String name, Object value) {
    values.put(key, Objects.requireNonNull(value, name));
    return (B) this;
  }

  /** Fills the block {@code key} with the builder {@code open} makes over it. */
  @SuppressWarnings("unchecked")
  final <C> B block(String key, Function<Map<String, Object>, C> open, Consumer<C> settings) {
    Objects.requireNonNull(settings, key);
    settings.accept(open.apply(child(key)));
    return (B) this;
  }

  @SuppressWarnings("unchecked")
  final Map<String, Object> child(String key) {
    return (Map<String, Object>) values.computeIfAbsent(key, k -> new LinkedHashMap<>());
  }
}
