package dev.clockwork.postgres.internal;

import dev.clockwork.runtime.instance.NamespacedIds;
import java.sql.PreparedStatement;
import java.sql.SQLException;

/**
 * The SQL form of {@link NamespacedIds#in}: a predicate on a stored-id column that keeps the rows
 * of one namespace. The default namespace's ids hold no U+001F ({@code strpos(col, chr(31)) = 0});
 * another's start with its name and U+001F ({@code starts_with(col, ? || chr(31))}); a null
 * namespace (every one) adds nothing. Both forms compare characters, not collation order, so they
 * hold under any collation. The predicate is extra: the statement's other conditions still choose
 * the index.
 */
final class NamespaceFilter {
  private NamespaceFilter() {}

  /**
   * {@code "\n AND <predicate on column>"} for {@code namespace}, or empty for every namespace.
   * Bind its parameter (if any) with {@link #bind} at the place the predicate takes in the
   * statement.
   */
  static String and(String column, String namespace) {
    if (namespace == null) {
      return "";
    }
    return NamespacedIds.DEFAULT.equals(namespace)
        ? "\n   AND strpos(" + column + ", chr(31)) = 0"
        : "\n   AND starts_with(" + column + ", CAST(? AS text) || chr(31))";
  }

  /**
   * Binds the parameter of {@link #and}'s predicate after parameter {@code index}, if it has one.
   *
   * @return the index of the last parameter bound
   */
  static int bind(PreparedStatement statement, int index, String namespace) throws SQLException {
    if (namespace == null || NamespacedIds.DEFAULT.equals(namespace)) {
      return index;
    }
    statement.setString(++index, namespace);
    return index;
  }
}
