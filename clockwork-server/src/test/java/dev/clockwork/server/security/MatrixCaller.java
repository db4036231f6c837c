package dev.clockwork.server.security;

import dev.clockwork.server.access.ApiToken;
import dev.clockwork.server.access.Role;
import java.util.Set;
import java.util.TreeSet;

/**
 * One column of the access matrix: a caller without a token, or one holding a token of a role over
 * some namespaces. The token factory ({@link #of}) takes the namespaces so a namespace dimension
 * (own namespace, another namespace, all) is a matter of adding callers: each gets its own secret.
 *
 * @param role the token's role; {@code null} for a caller without a token
 * @param namespaces the namespaces the token holds ({@code *} for all); empty without a token
 * @param asks the namespace the caller names ({@code X-Namespace}), or null for none
 */
public record MatrixCaller(Role role, Set<String> namespaces, String asks) {
  /** Every namespace. */
  public static final Set<String> ALL = Set.of(ApiToken.ALL_NAMESPACES);

  /** A caller that sends no token. */
  public static final MatrixCaller ANONYMOUS = new MatrixCaller(null, Set.of(), null);

  public MatrixCaller {
    namespaces = Set.copyOf(namespaces);
  }

  /** A caller holding a token of {@code role} over {@code namespaces}. */
  public static MatrixCaller of(Role role, Set<String> namespaces) {
    if (role == null || role == Role.ANYONE) {
      throw new IllegalArgumentException("a token has a role: viewer, operator or admin");
    }
    return new MatrixCaller(role, namespaces, null);
  }

  /** The same caller naming {@code namespace} in every call. */
  public MatrixCaller asking(String namespace) {
    return new MatrixCaller(role, namespaces, namespace);
  }

  /** Whether its token holds every namespace. */
  public boolean holdsAll() {
    return namespaces.equals(ALL);
  }

  /**
   * The namespace its calls act in: the one it names, else its token's only one, else {@code
   * default}.
   */
  public String acting() {
    if (asks != null) {
      return asks;
    }
    return namespaces.size() == 1 && !holdsAll() ? namespaces.iterator().next() : "default";
  }

  /** Whether its token holds the namespace its calls act in. */
  public boolean holdsActing() {
    return holdsAll() || namespaces.contains(acting());
  }

  public boolean hasToken() {
    return role != null;
  }

  /** The bearer secret; one per role and set of namespaces. */
  public String secret() {
    return "matrix-" + role.label() + "-" + String.join("+", new TreeSet<>(namespaces));
  }

  /** The server's token for this caller. */
  public ApiToken token() {
    return ApiToken.ofSecret(asking(null).toString(), secret(), role, namespaces);
  }

  @Override
  public String toString() {
    if (!hasToken()) {
      return "none";
    }
    String held = role.label() + "@" + String.join("+", new TreeSet<>(namespaces));
    return asks == null ? held : held + " asking " + asks;
  }
}
