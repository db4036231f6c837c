package dev.clockwork.runtime.instance;

import dev.clockwork.core.input.InputRules;
import java.util.Objects;
import java.util.regex.Pattern;

/**
 * How an instance's namespace is kept with its id. Ids are unique per namespace, so the store keys
 * an instance by its <em>stored id</em>: the id itself in the {@value #DEFAULT} namespace (so a
 * single-tenant engine stores exactly the ids it is given), and {@code namespace + U+001F + id} in
 * any other. Ids and namespace names may not hold control characters, which makes the mapping
 * one-to-one; every row keyed by an instance id — history, queue, timers, dead letters, children
 * ({@code parent/…} ids extend their parent's stored id) — belongs to the namespace of its prefix.
 */
public final class NamespacedIds {
  /** The namespace of ids stored without a prefix: every instance of a single-tenant engine. */
  public static final String DEFAULT = "default";

  /** What separates a namespace from the id in a stored id (the unit separator, U+001F). */
  public static final char SEPARATOR = '\u001F';

  private static final Pattern NAME = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._-]{0,99}");

  private NamespacedIds() {}

  /**
   * Checks a namespace name: letters, digits, {@code .}, {@code _} and {@code -}, starting with a
   * letter or digit, up to 100 characters.
   *
   * @return {@code namespace}
   * @throws IllegalArgumentException naming the rule
   */
  public static String checkedName(String namespace) {
    if (namespace == null || !NAME.matcher(namespace).matches()) {
      throw new IllegalArgumentException(
          "namespace '"
              + namespace
              + "' is not a namespace name: use letters, digits, '.', '_' and '-' (starting with"
              + " a letter or digit), up to 100 characters");
    }
    return namespace;
  }

  /**
   * The stored id of {@code id} in {@code namespace}. In the default namespace an id is stored as
   * it is, in another one after its prefix. An id holding a control character is refused in every
   * namespace — {@link #SEPARATOR} is one, and ids never hold one (the id rules) — so no id of one
   * namespace, the default one included, names an instance of another.
   *
   * @throws IllegalArgumentException for such an id, naming the character
   */
  public static String stored(String namespace, String id) {
    Objects.requireNonNull(id, "id");
    int at = InputRules.controlCharAt(id);
    if (at >= 0) {
      throw new IllegalArgumentException(InputRules.controlCharMessage("instance id", id, at));
    }
    return DEFAULT.equals(namespace) ? id : namespace + SEPARATOR + id;
  }

  /** What every stored id of {@code namespace} starts with: empty for the default namespace. */
  public static String prefix(String namespace) {
    return DEFAULT.equals(namespace) ? "" : namespace + SEPARATOR;
  }

  /** The namespace a stored id belongs to. */
  public static String namespaceOf(String storedId) {
    int at = storedId.indexOf(SEPARATOR);
    return at < 0 ? DEFAULT : storedId.substring(0, at);
  }

  /** The id callers know a stored id by: the stored id without its namespace. */
  public static String idOf(String storedId) {
    if (storedId == null) {
      return null;
    }
    int at = storedId.indexOf(SEPARATOR);
    return at < 0 ? storedId : storedId.substring(at + 1);
  }

  /**
   * Whether the stored id belongs to {@code namespace}; every stored id does when {@code namespace}
   * is null (a store query for every namespace).
   */
  public static boolean in(String namespace, String storedId) {
    if (namespace == null) {
      return true;
    }
    return DEFAULT.equals(namespace)
        ? storedId.indexOf(SEPARATOR) < 0
        : storedId.startsWith(namespace + SEPARATOR);
  }

  /**
   * A stored id as logs and messages print it, never with the invisible {@link #SEPARATOR}: the id
   * itself in the {@value #DEFAULT} namespace (a single-tenant engine's logs name the ids it was
   * given), {@code namespace/id} in any other (a namespace name holds no {@code /}).
   */
  public static String readable(String storedId) {
    if (storedId == null) {
      return null;
    }
    int at = storedId.indexOf(SEPARATOR);
    return at < 0 ? storedId : storedId.substring(0, at) + "/" + storedId.substring(at + 1);
  }
}
