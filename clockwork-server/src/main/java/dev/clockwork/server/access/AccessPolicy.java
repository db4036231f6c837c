package dev.clockwork.server.access;

import dev.clockwork.server.config.ServerConfig;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * The tokens a server accepts. Secrets are compared by their hashes in constant time. There is no
 * default token: a server without tokens refuses every request that needs one, except under {@code
 * clockwork dev}, which makes a development token and prints it.
 */
public final class AccessPolicy {
  private final List<ApiToken> tokens;

  private AccessPolicy(List<ApiToken> tokens) {
    this.tokens = List.copyOf(tokens);
  }

  /** A policy accepting exactly {@code tokens}. */
  public static AccessPolicy of(List<ApiToken> tokens) {
    return new AccessPolicy(tokens);
  }

  /** The tokens of {@code clockwork.yaml}'s {@code server.tokens} block. */
  public static AccessPolicy from(ServerConfig config) {
    List<ApiToken> tokens = new ArrayList<>();
    config
        .tokens()
        .forEach(
            (principal, token) ->
                tokens.add(
                    new ApiToken(
                        principal,
                        token.sha256(),
                        Role.named(token.role()),
                        Set.copyOf(token.namespaces()))));
    return new AccessPolicy(tokens);
  }

  /** This policy with {@code token} accepted too. */
  public AccessPolicy with(ApiToken token) {
    List<ApiToken> more = new ArrayList<>(tokens);
    more.add(token);
    return new AccessPolicy(more);
  }

  /** A policy accepting no token at all. */
  public static AccessPolicy none() {
    return new AccessPolicy(List.of());
  }

  public List<ApiToken> tokens() {
    return tokens;
  }

  /** The token whose secret is {@code secret}, if any. */
  public Optional<ApiToken> authenticate(String secret) {
    if (secret == null || secret.isBlank()) {
      return Optional.empty();
    }
    byte[] presented = ApiToken.hash(secret).getBytes(StandardCharsets.US_ASCII);
    ApiToken match = null;
    for (ApiToken token : tokens) {
      byte[] stored = token.sha256().getBytes(StandardCharsets.US_ASCII);
      if (MessageDigest.isEqual(presented, stored)) {
        match = token;
      }
    }
    return Optional.ofNullable(match);
  }

  /** A random secret of 32 bytes in hex, for a new token. */
  public static String newSecret() {
    byte[] bytes = new byte[32];
    new SecureRandom().nextBytes(bytes);
    return "cw_" + HexFormat.of().formatHex(bytes);
  }
}
