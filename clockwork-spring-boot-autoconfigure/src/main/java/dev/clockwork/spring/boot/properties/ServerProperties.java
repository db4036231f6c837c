package dev.clockwork.spring.boot.properties;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * Clockwork's own HTTP API and dashboard ({@code clockwork.server.*}): the {@code server:} block of
 * {@code clockwork.yaml}, read by the server's own settings model, plus {@code enabled}, which is
 * Spring's alone. The server listens on a port of its own, beside the application's web server.
 *
 * @param enabled whether the application runs the HTTP API and the dashboard (off by default; needs
 *     {@code dev.clockwork:clockwork-server})
 * @param host the interface it listens on ({@code 127.0.0.1} unless set; {@code 0.0.0.0} for all)
 * @param port its port (8080 unless set, which Spring's own web server takes by default; 0 for any
 *     free port)
 * @param tokens the API tokens accepted, by principal
 * @param limits how slow and how many clients are let in
 */
public record ServerProperties(
    @DefaultValue("false") boolean enabled,
    String host,
    Integer port,
    Map<String, Token> tokens,
    Limits limits) {

  public ServerProperties {
    tokens = tokens == null ? Map.of() : Map.copyOf(tokens);
  }

  /**
   * One API token ({@code clockwork.server.tokens.<principal>.*}).
   *
   * @param sha256 the SHA-256 of the token's secret, in lowercase hex ({@code clockwork token new}
   *     prints a secret and its hash); never the secret itself
   * @param role viewer, operator or admin
   * @param namespaces the schedule namespaces it may see ({@code *}, the default, for all)
   */
  public record Token(String sha256, String role, List<String> namespaces) {
    public Token {
      namespaces = namespaces == null ? List.of() : List.copyOf(namespaces);
    }
  }

  /**
   * The {@code limits} block: slow and many clients.
   *
   * @param minRequestRate bytes a second: a body sent slower is cut off with a 408
   * @param maxRequests requests handled at once; the next ones wait, then get a 503
   * @param queueWait how long a request beyond {@code max-requests} waits
   * @param idleTimeout how long a connection may stay silent before it is closed
   */
  public record Limits(
      Long minRequestRate, Integer maxRequests, Duration queueWait, Duration idleTimeout) {}
}
