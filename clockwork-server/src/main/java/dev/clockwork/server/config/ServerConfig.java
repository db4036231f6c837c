package dev.clockwork.server.config;

import dev.clockwork.runtime.config.ConfigBlock;
import dev.clockwork.runtime.config.Settings;
import dev.clockwork.server.http.TransportLimits;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * The {@code server:} block of {@code clockwork.yaml}: where {@code clockwork server} listens, the
 * API tokens it accepts (kept as SHA-256 hashes, never as secrets), and the callback settings.
 * Plain data — the server turns it into its access policy and callback options. Read with {@link
 * #from(Settings)}, through the engine's one reader of {@code clockwork.yaml}: a mistake names the
 * file, the line and the key.
 *
 * <pre>{@code
 * server:
 *   host: 0.0.0.0
 *   port: 8080
 *   tokens:
 *     ops:                       # the principal recorded with every action taken with it
 *       sha256: 9f86d08...       # `clockwork token new` prints a secret and this hash
 *       role: operator           # viewer, operator or admin
 *       namespaces: default, billing   # or * (the default)
 *   callbacks:
 *     allow_hosts: hooks.example.com, *.example.org
 *     secret_env: CLOCKWORK_CALLBACK_SECRET   # the environment variable holding the signing secret
 *     allow_http: false                       # https only (the default)
 *   limits:                      # slow and many clients (these are the defaults)
 *     min_request_rate: 256      # bytes a second: a body sent slower is cut off with a 408
 *     max_requests: 200          # handled at once; the next ones wait, then get a 503
 *     queue_wait: 5 seconds
 *     idle_timeout: 30 seconds   # a connection silent this long is closed (mid-headers too)
 * }</pre>
 */
public record ServerConfig(
    String host,
    int port,
    Map<String, TokenConfig> tokens,
    CallbackConfig callbacks,
    TransportLimits limits) {
  /** Listen on loopback, port 8080, no tokens, no callbacks, the default transport limits. */
  public static final ServerConfig DEFAULT =
      new ServerConfig("127.0.0.1", 8080, Map.of(), null, TransportLimits.DEFAULT);

  public ServerConfig {
    Objects.requireNonNull(host, "host");
    Objects.requireNonNull(limits, "limits");
    tokens = Map.copyOf(tokens);
  }

  /**
   * The {@code server:} block of {@code settings} ({@link #DEFAULT} when it has none).
   *
   * @throws dev.clockwork.runtime.config.ConfigException naming the file, the line and the key
   */
  public static ServerConfig from(Settings settings) {
    return read(settings.block(ServerConfigReader.BLOCK));
  }

  /** Reads a {@code server:} block. */
  public static ServerConfig read(ConfigBlock server) {
    return ServerConfigReader.read(server);
  }

  /** One token: the hash of its secret, its role's name and the namespaces it may see. */
  public record TokenConfig(String sha256, String role, List<String> namespaces) {
    public TokenConfig {
      namespaces = List.copyOf(namespaces);
    }
  }

  /**
   * Which hosts callbacks may call, the environment variable holding the signing secret, and
   * whether plain http is allowed (https only by default).
   */
  public record CallbackConfig(List<String> allowHosts, String secretEnv, boolean allowHttp) {
    public CallbackConfig {
      allowHosts = List.copyOf(allowHosts);
    }
  }
}
