package dev.clockwork.server.config;

import static org.assertj.core.api.Assertions.assertThat;

import dev.clockwork.runtime.config.Settings;
import org.junit.jupiter.api.Test;

/** what `clockwork token new --namespaces billing,ops` prints reads back. */
class TokenNamespacesRoundTripTest {
  private static final String HASH = "a".repeat(64);

  @Test
  void theQuotedNamespacesTokenNewPrintsAreReadAsNames() {
    ServerConfig server =
        ServerConfig.from(
            Settings.parse(
                """
                server:
                  tokens:
                    ops:
                      sha256: %s
                      role: viewer
                      namespaces: "billing, ops"
                """
                    .formatted(HASH),
                "clockwork.yaml"));

    assertThat(server.tokens().get("ops").namespaces()).containsExactly("billing", "ops");
  }

  @Test
  void theDefaultStarTokenNewPrintsReadsAsAllNamespaces() {
    ServerConfig server =
        ServerConfig.from(
            Settings.parse(
                """
                server:
                  tokens:
                    ops:
                      sha256: %s
                      role: viewer
                      namespaces: "*"
                """
                    .formatted(HASH),
                "clockwork.yaml"));

    assertThat(server.tokens().get("ops").namespaces()).containsExactly("*");
  }
}
