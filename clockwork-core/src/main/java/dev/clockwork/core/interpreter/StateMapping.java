package dev.clockwork.core.interpreter;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * How the state paths of one version of a machine become those of another, for migrating running
 * instances: {@code old.path=new.path} entries. A path is mapped by its own entry or its nearest
 * mapped ancestor's ({@code shipping=delivery} maps {@code shipping.packed} to {@code
 * delivery.packed}); a path no entry covers keeps its name.
 */
public record StateMapping(Map<String, String> paths) {
  public StateMapping {
    paths = Map.copyOf(Objects.requireNonNull(paths, "paths"));
  }

  /** No renames: every path keeps its name. */
  public static StateMapping identity() {
    return new StateMapping(Map.of());
  }

  /**
   * The mapping {@code entries} write, each {@code old.path=new.path}.
   *
   * @throws IllegalArgumentException naming an entry that is not {@code old=new}, or an old path
   *     given twice
   */
  public static StateMapping parse(List<String> entries) {
    Map<String, String> paths = new LinkedHashMap<>();
    for (String entry : entries) {
      int at = entry.indexOf('=');
      String from = at < 0 ? "" : entry.substring(0, at).trim();
      String to = at < 0 ? "" : entry.substring(at + 1).trim();
      if (from.isEmpty() || to.isEmpty()) {
        throw new IllegalArgumentException(
            "'"
                + entry
                + "' is not a state mapping; write old.path=new.path, e.g. shipped=delivered");
      }
      if (paths.putIfAbsent(from, to) != null) {
        throw new IllegalArgumentException(
            "state '" + from + "' is mapped twice; keep one of its entries");
      }
    }
    return new StateMapping(paths);
  }

  /** The path {@code path} becomes. */
  public String map(String path) {
    for (String prefix = path; !prefix.isEmpty(); prefix = parentOf(prefix)) {
      String to = paths.get(prefix);
      if (to != null) {
        return to + path.substring(prefix.length());
      }
    }
    return path;
  }

  private static String parentOf(String path) {
    int dot = path.lastIndexOf('.');
    return dot < 0 ? "" : path.substring(0, dot);
  }
}
