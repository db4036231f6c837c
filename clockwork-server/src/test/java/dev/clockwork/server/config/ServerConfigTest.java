package dev.clockwork.server.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.clockwork.runtime.config.ConfigException;
import dev.clockwork.runtime.config.Settings;
import dev.clockwork.server.config.ServerConfig.TokenConfig;
import dev.clockwork.server.http.TransportLimits;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

class ServerConfigTest {
  private static final String HASH = "a".repeat(64);

  @Test
  void defaultsWhenTheBlockIsAbsent() {
    assertThat(ServerConfig.from(Settings.parse("system: shop\n", "clockwork.yaml")))
        .isEqualTo(ServerConfig.DEFAULT);
  }

  @Test
  void readsHostPortTokensAndCallbacks() {
    ServerConfig server =
        ServerConfig.from(
            Settings.parse(
                """
                server:
                  host: 0.0.0.0
                  port: 9090
                  tokens:
                    ops:
                      sha256: %s
                      role: operator
                      namespaces: default, billing
                    reader:
                      sha256: %s
                      role: viewer
                  callbacks:
                    allow_hosts: hooks.example.com, *.example.org
                    secret_env: MY_SECRET
                    allow_http: true
                """
                    .formatted(HASH, HASH),
                "clockwork.yaml"));

    assertThat(server.host()).isEqualTo("0.0.0.0");
    assertThat(server.port()).isEqualTo(9090);
    assertThat(server.tokens())
        .containsEntry("ops", new TokenConfig(HASH, "operator", List.of("default", "billing")))
        .containsEntry("reader", new TokenConfig(HASH, "viewer", List.of("*")));
    assertThat(server.callbacks().allowHosts())
        .containsExactly("hooks.example.com", "*.example.org");
    assertThat(server.callbacks().secretEnv()).isEqualTo("MY_SECRET");
    assertThat(server.callbacks().allowHttp()).isTrue();
  }

  @Test
  void readsTheTransportLimitsAndDefaultsTheOnesNotGiven() {
    ServerConfig server =
        ServerConfig.from(
            Settings.parse(
                "server:\n  limits:\n    max_requests: 50\n    queue_wait: 2 seconds\n",
                "clockwork.yaml"));

    assertThat(server.limits())
        .isEqualTo(
            new TransportLimits(
                TransportLimits.DEFAULT.minRequestRate(), 50, Duration.ofSeconds(2)));
    assertThat(ServerConfig.DEFAULT.limits()).isEqualTo(TransportLimits.DEFAULT);
  }

  @Test
  void aLimitOutOfRangeIsRefusedNamingTheKey() {
    assertThatThrownBy(
            () ->
                ServerConfig.from(
                    Settings.parse(
                        "server:\n  limits:\n    min_request_rate: 0\n", "clockwork.yaml")))
        .isInstanceOf(ConfigException.class)
        .hasMessageContaining("server.limits.min_request_rate")
        .hasMessageContaining("1 or more");
    assertThatThrownBy(
            () ->
                ServerConfig.from(
                    Settings.parse("server:\n  limits:\n    max_reqs: 5\n", "clockwork.yaml")))
        .isInstanceOf(ConfigException.class)
        .hasMessageContaining("max_reqs");
  }

  @Test
  void aSecretInsteadOfAHashIsRefusedWithTheFix() {
    assertThatThrownBy(
            () ->
                ServerConfig.from(
                    Settings.parse(
                        "server:\n  tokens:\n    ops:\n      sha256: letmein\n      role: admin\n",
                        "clockwork.yaml")))
        .isInstanceOf(ConfigException.class)
        .hasMessageContaining("server.tokens.ops.sha256")
        .hasMessageContaining("clockwork token new");
  }

  @Test
  void anUnknownRoleIsRefused() {
    assertThatThrownBy(
            () ->
                ServerConfig.from(
                    Settings.parse(
                        "server:\n  tokens:\n    ops:\n      sha256: "
                            + HASH
                            + "\n      role: root\n",
                        "clockwork.yaml")))
        .isInstanceOf(ConfigException.class)
        .hasMessageContaining("server.tokens.ops.role")
        .hasMessageContaining("viewer, operator or admin");
  }

  @Test
  void aMisspeltKeyIsRefused() {
    assertThatThrownBy(
            () -> ServerConfig.from(Settings.parse("server:\n  prot: 80\n", "clockwork.yaml")))
        .isInstanceOf(ConfigException.class)
        .hasMessageContaining("did you mean port?");
  }

  @Test
  void callbacksNeedAnAllowList() {
    assertThatThrownBy(
            () ->
                ServerConfig.from(
                    Settings.parse("server:\n  callbacks:\n    secret_env: X\n", "clockwork.yaml")))
        .isInstanceOf(ConfigException.class)
        .hasMessageContaining("server.callbacks.allow_hosts");
  }
}
