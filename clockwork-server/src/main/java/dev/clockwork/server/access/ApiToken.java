package dev.clockwork.server.access;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Objects;
import java.util.Set;

/**
 * One bearer token as the server keeps it: the SHA-256 of the secret (never the secret itself), the
 * principal recorded with every action taken with it, its role, and the schedule namespaces it may
 * see ({@code *} for all).
 */
public record ApiToken(String principal, String sha256, Role role, Set<String> namespaces) {
  /** Every namespace. */
  public static final String ALL_NAMESPACES = "*";

  public ApiToken {
    Objects.requireNonNull(principal, "principal");
    Objects.requireNonNull(sha256, "sha256");
    Objects.requireNonNull(role, "role");
    if (role == Role.ANYONE) {
      throw new IllegalArgumentException("token '" + principal + "': a token needs a role");
    }
    namespaces = Set.copyOf(namespaces == null ? Set.of(ALL_NAMESPACES) : namespaces);
    if (namespaces.isEmpty()) {
      throw new IllegalArgumentException(
          "token '" + principal + "': list the namespaces it may see, or '*' for all");
    }
  }

  /** A token for {@code secret}, kept hashed. */
  public static ApiToken ofSecret(
      String principal, String secret, Role role, Set<String> namespaces) {
    return new ApiToken(principal, hash(secret), role, namespaces);
  }

  /** Whether this token may see {@code namespace}. */
  public boolean sees(String namespace) {
    return namespaces.contains(ALL_NAMESPACES) || namespaces.contains(namespace);
  }

  /** The lowercase hex SHA-256 of {@code secret}, as stored for a token. */
  public static String hash(String secret) {
    try {
      byte[] digest =
          MessageDigest.getInstance("SHA-256").digest(secret.getBytes(StandardCharsets.UTF_8));
      return HexFormat.of().formatHex(digest);
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("this JVM has no SHA-256", e);
    }
  }
}
