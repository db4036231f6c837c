package dev.clockwork.server.config;

import dev.clockwork.runtime.config.ConfigBlock;
import dev.clockwork.server.config.ServerConfig.CallbackConfig;
import dev.clockwork.server.config.ServerConfig.TokenConfig;
import dev.clockwork.server.http.TransportLimits;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/** Reads the {@code server:} block; every error names the file, the line and the key. */
final class ServerConfigReader {
  static final String BLOCK = "server";
  private static final Set<String> KEYS = Set.of("host", "port", "tokens", "callbacks", "limits");
  private static final Set<String> LIMIT_KEYS =
      Set.of("min_request_rate", "max_requests", "queue_wait", "idle_timeout");
  private static final Set<String> TOKEN_KEYS = Set.of("sha256", "role", "namespaces");
  private static final Set<String> ROLES = Set.of("viewer", "operator", "admin");
  private static final Set<String> CALLBACK_KEYS =
      Set.of("allow_hosts", "secret_env", "allow_http");
  private static final Pattern SHA256 = Pattern.compile("[0-9a-f]{64}");

  private ServerConfigReader() {}

  static ServerConfig read(ConfigBlock server) {
    server.allowOnly(KEYS);
    String host = server.text("host", ServerConfig.DEFAULT.host());
    long port = server.whole("port", ServerConfig.DEFAULT.port(), 0);
    if (port > 65535) {
      throw server.error("port", "must be a TCP port (0 to 65535)");
    }
    return new ServerConfig(
        host, (int) port, tokens(server.child("tokens")), callbacks(server), limits(server));
  }

  private static TransportLimits limits(ConfigBlock server) {
    ConfigBlock limits = server.child("limits").allowOnly(LIMIT_KEYS);
    TransportLimits defaults = TransportLimits.DEFAULT;
    return new TransportLimits(
        limits.whole("min_request_rate", defaults.minRequestRate(), 1),
        (int) Math.min(Integer.MAX_VALUE, limits.whole("max_requests", defaults.maxRequests(), 1)),
        limits.duration("queue_wait", defaults.queueWait(), true),
        limits.duration("idle_timeout", defaults.idleTimeout(), false));
  }

  private static Map<String, TokenConfig> tokens(ConfigBlock tokens) {
    Map<String, TokenConfig> read = new LinkedHashMap<>();
    for (String principal : tokens.keys()) {
      ConfigBlock token = tokens.child(principal).allowOnly(TOKEN_KEYS);
      String sha256 = token.text("sha256", null);
      if (sha256 == null || !SHA256.matcher(sha256).matches()) {
        throw token.error(
            "sha256",
            "needs the SHA-256 of the token's secret in lowercase hex (64 characters);"
                + " `clockwork token new` prints one — never put the secret itself here");
      }
      String role = token.text("role", null);
      if (role == null || !ROLES.contains(role)) {
        throw token.error("role", "must be viewer, operator or admin, got '" + role + "'");
      }
      read.put(principal, new TokenConfig(sha256, role, token.list("namespaces", "*")));
    }
    return read;
  }

  private static CallbackConfig callbacks(ConfigBlock server) {
    ConfigBlock callbacks = server.child("callbacks").allowOnly(CALLBACK_KEYS);
    if (!callbacks.isPresent()) {
      return null;
    }
    List<String> hosts = callbacks.list("allow_hosts", "");
    if (hosts.isEmpty()) {
      throw callbacks.error(
          "allow_hosts", "list the hosts callbacks may call (hooks.example.com, *.example.org)");
    }
    return new CallbackConfig(
        hosts,
        callbacks.text("secret_env", "CLOCKWORK_CALLBACK_SECRET"),
        callbacks.bool("allow_http", false));
  }
}
