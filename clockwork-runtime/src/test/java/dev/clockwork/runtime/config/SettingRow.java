package dev.clockwork.runtime.config;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.function.Predicate;

/**
 * One setting of {@link EverySettingAppliedTest}: its key path as {@code clockwork.yaml} writes it,
 * a value as the file writes it, the same value set in code, and whether an engine shows the
 * value's effect. {@code context} (key paths and values) is in the file of every engine of the row,
 * the one without the setting too: what the effect needs besides it (dispatch on to see a job's
 * tries, one attempt to see a dead letter).
 */
record SettingRow(
    String key,
    String value,
    Consumer<SettingsBuilder> code,
    Map<String, String> context,
    Predicate<SettingFixture> applied) {

  static final String MACHINE = "job";

  static SettingRow of(
      String key, String value, Consumer<SettingsBuilder> code, Predicate<SettingFixture> applied) {
    return new SettingRow(key, value, code, Map.of(), applied);
  }

  /** A {@code queue} key, at the system's level and at the machine's. */
  static List<SettingRow> queue(
      String key,
      String value,
      Consumer<QueueSettingsBuilder> code,
      Map<String, String> context,
      Predicate<SettingFixture> applied) {
    return List.of(
        new SettingRow("queue." + key, value, s -> s.queue(code), context, applied),
        new SettingRow(
            "machines." + MACHINE + ".queue." + key,
            value,
            s -> s.machine(MACHINE, m -> m.queue(code)),
            context,
            applied));
  }

  /** A {@code parallel_dispatch} key, at both levels, with dispatch on unless it is the key. */
  static List<SettingRow> dispatch(
      String key,
      String value,
      Consumer<ParallelDispatchSettingsBuilder> code,
      Predicate<SettingFixture> applied) {
    String block = ParallelDispatchReader.BLOCK + ".";
    Map<String, String> on = key.equals("enabled") ? Map.of() : Map.of(block + "enabled", "true");
    return List.of(
        new SettingRow(block + key, value, s -> s.parallelDispatch(code), on, applied),
        new SettingRow(
            "machines." + MACHINE + "." + block + key,
            value,
            s -> s.machine(MACHINE, m -> m.parallelDispatch(code)),
            on,
            applied));
  }

  /** The file every engine of the row reads: the context, and the setting when {@code with}. */
  String yaml(boolean with) {
    Map<String, String> keys = new LinkedHashMap<>(context);
    if (with) {
      keys.put(key, value);
    }
    Map<String, Object> tree = new LinkedHashMap<>();
    keys.forEach(
        (path, text) -> {
          String[] parts = path.split("\\.");
          Map<String, Object> block = tree;
          for (int i = 0; i < parts.length - 1; i++) {
            block = blockOf(block, parts[i]);
          }
          block.put(parts[parts.length - 1], text);
        });
    StringBuilder yaml = new StringBuilder();
    write(tree, 0, yaml);
    return yaml.toString();
  }

  @SuppressWarnings("unchecked")
  private static Map<String, Object> blockOf(Map<String, Object> parent, String key) {
    return (Map<String, Object>) parent.computeIfAbsent(key, k -> new LinkedHashMap<>());
  }

  @SuppressWarnings("unchecked")
  private static void write(Map<String, Object> block, int depth, StringBuilder yaml) {
    block.forEach(
        (key, value) -> {
          yaml.append("  ".repeat(depth)).append(key).append(':');
          if (value instanceof Map<?, ?> child) {
            yaml.append('\n');
            write((Map<String, Object>) child, depth + 1, yaml);
          } else {
            yaml.append(' ').append(value).append('\n');
          }
        });
  }

  @Override
  public String toString() {
    return key + ": " + value;
  }
}
