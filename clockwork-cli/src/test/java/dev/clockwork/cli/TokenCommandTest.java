package dev.clockwork.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.clockwork.runtime.config.Settings;
import dev.clockwork.server.access.AccessPolicy;
import dev.clockwork.server.access.ApiToken;
import dev.clockwork.server.access.Role;
import dev.clockwork.server.config.ServerConfig;
import java.time.Clock;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

class TokenCommandTest {
  @Test
  void printsASecretAndTheYamlThatAcceptsIt() {
    CliRun run =
        CliRun.run(
            Map.of(),
            Clock.systemUTC(),
            List.of(),
            "token",
            "new",
            "--principal",
            "ci-bot",
            "--role",
            "operator",
            "--namespaces",
            "default,billing");

    assertThat(run.exitCode).as(run.toString()).isZero();
    Matcher secret = Pattern.compile("\\n  (cw_[0-9a-f]{64})\\n").matcher(run.out);
    assertThat(secret.find()).as(run.out).isTrue();
    String yaml = run.out.substring(run.out.indexOf("server:"));
    AccessPolicy policy = AccessPolicy.from(ServerConfig.from(Settings.parse(yaml, "printed")));

    assertThat(policy.authenticate(secret.group(1)))
        .hasValueSatisfying(
            token -> {
              assertThat(token.principal()).isEqualTo("ci-bot");
              assertThat(token.role()).isEqualTo(Role.OPERATOR);
              assertThat(token.sees("billing")).isTrue();
              assertThat(token.sees("other")).isFalse();
            });
    assertThat(run.out).doesNotContain("sha256: " + secret.group(1));
  }

  @Test
  void printsJsonForScripts() throws Exception {
    CliRun run =
        CliRun.run(
            Map.of(),
            Clock.systemUTC(),
            List.of(),
            "token",
            "new",
            "--role",
            "admin",
            "-o",
            "json");

    JsonNode made = new ObjectMapper().readTree(run.out);
    assertThat(made.get("role").asText()).isEqualTo("admin");
    assertThat(made.get("sha256").asText()).isEqualTo(ApiToken.hash(made.get("secret").asText()));
  }

  @Test
  void anUnknownRoleIsAUsageError() {
    CliRun run =
        CliRun.run(Map.of(), Clock.systemUTC(), List.of(), "token", "new", "--role", "root");

    assertThat(run.exitCode).isEqualTo(2);
    assertThat(run.err).contains("'root' is not a role").contains("viewer");
  }
}
