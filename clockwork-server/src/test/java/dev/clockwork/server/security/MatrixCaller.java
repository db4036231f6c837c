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
 */
public record MatrixCaller(Role role, Set<String> namespaces) {
  /** Every namespace. */
  public static final Set<String> ALL = Set.of(ApiToken.ALL_NAMESPACES);

  /** A caller that sends no token. */
  public static final MatrixCaller ANONYMOUS = new MatrixCaller(null, Set.of());

  public MatrixCaller {
    namespaces = Set.copyOf(namespaces);
  }

  /** A caller holding a token of {@code role} over {@code namespaces}. */
  public static MatrixCaller of(Role role, Set<String> namespaces) {
    if (role == null || role == Role.ANYONE) {
      throw new IllegalArgumentException("a token has a role: viewer, operator or admin");
    }
    return new MatrixCaller(role, namespaces);
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
    return ApiToken.ofSecret(toString(), secret(), role, namespaces);
  }

  @Override
  public String toString() {
    return hasToken() ? role.label() + "@" + String.join("+", new TreeSet<>(namespaces)) : "none";
  }
}
