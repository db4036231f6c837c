package dev.clockwork.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.clockwork.cli.environment.CliEnvironment;
import dev.clockwork.cli.environment.PostgresDatabase;
import dev.clockwork.cli.serve.DevCommand;
import dev.clockwork.cli.serve.ServeSession;
import dev.clockwork.cli.serve.ServerCommand;
import dev.clockwork.examples.ExampleMachines;
import dev.clockwork.postgres.testing.EmbeddedPostgresDatabase;
import dev.clockwork.postgres.testing.TestDatabase;
import dev.clockwork.runtime.instance.InstanceQuery;
import dev.clockwork.server.access.ApiToken;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/** {@code clockwork dev} and {@code clockwork server}, started in-process on port 0. */
class ServeCommandsTest {
  private static final TestDatabase DB = EmbeddedPostgresDatabase.shared().newDatabase();
  private static final Pattern TOKEN = Pattern.compile("token: (cw_[0-9a-f]{64})");

  private final StringWriter out = new StringWriter();
  private final StringWriter err = new StringWriter();
  private final HttpClient http = HttpClient.newHttpClient();

  @TempDir Path project;

  private CliEnvironment env(Map<String, String> variables) {
    return new CliEnvironment(
        variables,
        new PrintWriter(out, true),
        new PrintWriter(err, true),
        Clock.systemUTC(),
        new PostgresDatabase(),
        new ExampleMachines().machines());
  }

  /**
   * The instances the dev seed created. Runs of the seeded every-minute schedule are left out: one
   * starts whenever a session spans a minute boundary, so their number depends on the wall clock.
   */
  private static int seeded(ServeSession session) {
    return (int)
        session.engine().instances().list(InstanceQuery.builder().build()).stream()
            .filter(instance -> !instance.id().startsWith("schedule:"))
            .count();
  }

  private <T> T parsed(T command, String... args) {
    new CommandLine(command).parseArgs(args);
    return command;
  }

  @Test
  void devServesTheApiOnItsOwnDatabaseAndKeepsItAcrossRestarts() throws Exception {
    Path data = project.resolve(".clockwork/dev");
    String token;
    int created;
    try (ServeSession dev =
        parsed(new DevCommand(env(Map.of())), "--port", "0", "--data-dir", data.toString())
            .start()) {
      token = printedToken();
      assertThat(get(dev.url() + "/health/ready", null).statusCode()).isEqualTo(200);
      HttpResponse<String> machines = get(dev.url() + "/api/machines", token);
      assertThat(machines.statusCode()).isEqualTo(200);
      assertThat(machines.body()).contains("\"order\"");
      // the README's curl of /metrics: the engine's meters in Prometheus' text format
      HttpResponse<String> metrics = get(dev.url() + "/metrics", token);
      assertThat(metrics.statusCode()).isEqualTo(200);
      assertThat(metrics.body()).contains("queue_pending");
      created = seeded(dev);
      assertThat(created).isGreaterThanOrEqualTo(4);
      assertThat(dev.schedules().list()).isNotEmpty();
      dev.close();
      assertThat(dev.stopTimes())
          .matches(
              "\\d+\\.\\d s: HTTP server \\d+\\.\\d s, workers \\d+\\.\\d s, storage \\d+\\.\\d s");
    }
    assertThat(Files.readString(data.resolve("token")).trim()).isEqualTo(token);

    out.getBuffer().setLength(0);
    try (ServeSession again =
        parsed(new DevCommand(env(Map.of())), "--port", "0", "--data-dir", data.toString())
            .start()) {
      assertThat(printedToken()).isEqualTo(token);
      assertThat(seeded(again)).isEqualTo(created);
    }

    out.getBuffer().setLength(0);
    try (ServeSession fresh =
        parsed(
                new DevCommand(env(Map.of())),
                "--port",
                "0",
                "--data-dir",
                data.toString(),
                "--fresh")
            .start()) {
      assertThat(printedToken()).isNotEqualTo(token);
      // the fresh database was seeded again from scratch, not kept
      assertThat(seeded(fresh)).isEqualTo(created);
    }
  }

  @Test
  void devPrintsOneJsonDocumentForScripts() throws Exception {
    Path data = project.resolve(".clockwork/dev");
    try (ServeSession dev =
        parsed(
                new DevCommand(env(Map.of())),
                "--port",
                "0",
                "--data-dir",
                data.toString(),
                "-o",
                "json")
            .start()) {
      JsonNode started = new ObjectMapper().readTree(out.toString());
      assertThat(started.get("token").asText())
          .isEqualTo(Files.readString(data.resolve("token")).trim());
      assertThat(started.get("dashboard").asText()).isEqualTo(dev.url());
    }
  }

  @Test
  void aSecondDevOnTheSameDataDirectoryIsRefusedAndLeavesTheFirstAlone() throws Exception {
    Path data = project.resolve(".clockwork/dev");
    try (ServeSession first =
        parsed(new DevCommand(env(Map.of())), "--port", "0", "--data-dir", data.toString())
            .start()) {
      String token = printedToken();
      DevCommand second =
          parsed(
              new DevCommand(env(Map.of())),
              "--port",
              "0",
              "--data-dir",
              data.toString(),
              "--fresh");

      assertThatThrownBy(second::start)
          .hasMessageContaining("another clockwork dev is using")
          .hasMessageContaining("--data-dir");
      assertThat(get(first.url() + "/api/machines", token).statusCode()).isEqualTo(200);
      assertThat(Files.readString(data.resolve("token")).trim()).isEqualTo(token);
    }
  }

  @Test
  void serverTakesItsTokensFromClockworkYaml() throws Exception {
    String secret = "s3cret-for-ops";
    Path config = project.resolve("clockwork.yaml");
    Files.writeString(
        config,
        """
        server:
          tokens:
            ops:
              sha256: %s
              role: operator
        """
            .formatted(ApiToken.hash(secret)));
    Map<String, String> variables = new HashMap<>(CliRun.databaseEnv(DB));
    try (ServeSession server =
        parsed(
                new ServerCommand(env(variables)),
                "--port",
                "0",
                "--config",
                config.toString(),
                "--examples")
            .start()) {
      assertThat(get(server.url() + "/api/machines", secret).statusCode()).isEqualTo(200);
      assertThat(get(server.url() + "/api/machines", "another").statusCode()).isEqualTo(401);
    }
    assertThat(err.toString()).doesNotContain("no API tokens");
  }

  @Test
  void serverListensWhereClockworkYamlSays() throws Exception {
    Path config = project.resolve("clockwork.yaml");
    Files.writeString(config, "server:\n  host: 0.0.0.0\n  port: 0\n");
    try (ServeSession server =
        parsed(new ServerCommand(env(CliRun.databaseEnv(DB))), "--config", config.toString())
            .start()) {
      // 0.0.0.0 is shown as localhost; the default would be 127.0.0.1:8080
      assertThat(server.url()).startsWith("http://localhost:").doesNotEndWith(":8080");
      assertThat(get(server.url() + "/health", null).statusCode()).isEqualTo(200);
    }
  }

  @Test
  void serverRunsTheExampleMachinesOnlyWhenAskedTo() throws Exception {
    try (ServeSession server =
        parsed(new ServerCommand(env(CliRun.databaseEnv(DB))), "--port", "0").start()) {
      assertThat(server.engine().machines().ids()).doesNotContain("order", "subscription");
    }
    assertThat(err.toString()).contains("no machines on the class path").contains("--examples");
    try (ServeSession server =
        parsed(new ServerCommand(env(CliRun.databaseEnv(DB))), "--port", "0", "--examples")
            .start()) {
      assertThat(server.engine().machines().ids()).contains("order", "subscription");
    }
  }

  @Test
  void serverMigratesAnEmptyDatabaseOnlyWhenAsked() throws Exception {
    DB.execute("DROP DATABASE IF EXISTS serve_unmigrated");
    DB.execute("CREATE DATABASE serve_unmigrated");
    Map<String, String> variables = new HashMap<>(CliRun.databaseEnv(DB));
    variables.put(
        "CLOCKWORK_JDBC_URL", DB.url().replaceAll("/[^/?]+(\\?|$)", "/serve_unmigrated$1"));
    ServerCommand plain = parsed(new ServerCommand(env(variables)), "--port", "0");

    assertThatThrownBy(plain::start).hasMessageContaining("clockwork migrate");
    try (ServeSession server =
        parsed(new ServerCommand(env(variables)), "--port", "0", "--migrate").start()) {
      assertThat(get(server.url() + "/health/ready", null).statusCode()).isEqualTo(200);
    }
  }

  @Test
  void theServersWorkersTickItsSchedules() {
    DB.truncateClockworkTables();
    try (ServeSession server =
        parsed(new ServerCommand(env(CliRun.databaseEnv(DB))), "--port", "0", "--examples")
            .start()) {
      server
          .schedules()
          .createFromSpec(
              "every-second",
              Map.of("intervals", List.of(Map.of("every", "PT1S"))),
              Map.of("machine", "order"));

      await()
          .atMost(Duration.ofSeconds(20))
          .until(
              () ->
                  !server
                      .engine()
                      .instances()
                      .list(InstanceQuery.builder().machine("order").build())
                      .isEmpty());
    }
  }

  @Test
  void serverWithoutTokensWarnsThatEveryCallWillBeRefused() throws Exception {
    try (ServeSession server =
        parsed(new ServerCommand(env(CliRun.databaseEnv(DB))), "--port", "0").start()) {
      assertThat(get(server.url() + "/api/machines", "anything").statusCode()).isEqualTo(401);
    }
    assertThat(err.toString()).contains("no API tokens configured").contains("clockwork token new");
  }

  @Test
  void serverCallbacksFromClockworkYamlAcceptCallbackUrlsOnTheirAllowList() throws Exception {
    String secret = "s3cret-for-ops";
    Path config = project.resolve("clockwork.yaml");
    Files.writeString(
        config,
        """
        server:
          tokens:
            ops:
              sha256: %s
              role: operator
          callbacks:
            allow_hosts: hooks.example.com
            secret_env: HOOK_SECRET
        """
            .formatted(ApiToken.hash(secret)));
    Map<String, String> variables = new HashMap<>(CliRun.databaseEnv(DB));
    variables.put("HOOK_SECRET", "a-signing-secret-of-some-length");
    try (ServeSession server =
        parsed(
                new ServerCommand(env(variables)),
                "--port",
                "0",
                "--config",
                config.toString(),
                "--examples")
            .start()) {
      String id = server.engine().create("order").id();
      String allowed = "{\"type\":\"SUBMIT\",\"callback_url\":\"https://hooks.example.com/done\"}";
      String offList = "{\"type\":\"SUBMIT\",\"callback_url\":\"https://evil.example.org/\"}";
      String path = server.url() + "/api/instances/" + id + "/events?mode=queued";

      assertThat(post(path, secret, allowed).statusCode()).isEqualTo(202);
      assertThat(post(path, secret, offList).statusCode()).isEqualTo(422);
    }
  }

  @Test
  void serverCallbacksWithoutTheirSecretFailNamingTheVariable() throws Exception {
    Path config = project.resolve("clockwork.yaml");
    Files.writeString(config, "server:\n  callbacks:\n    allow_hosts: hooks.example.com\n");
    ServerCommand command =
        parsed(
            new ServerCommand(env(CliRun.databaseEnv(DB))),
            "--port",
            "0",
            "--config",
            config.toString());

    assertThatThrownBy(command::start)
        .hasMessageContaining("CLOCKWORK_CALLBACK_SECRET")
        .hasMessageContaining("server.callbacks");
  }

  private HttpResponse<String> post(String url, String token, String json)
      throws IOException, InterruptedException {
    return http.send(
        HttpRequest.newBuilder(URI.create(url))
            .header("Authorization", "Bearer " + token)
            .header("Content-Type", "application/json")
            .POST(HttpRequest.BodyPublishers.ofString(json))
            .build(),
        HttpResponse.BodyHandlers.ofString());
  }

  private String printedToken() {
    Matcher matcher = TOKEN.matcher(out.toString());
    assertThat(matcher.find()).as("a token in:%n%s", out).isTrue();
    return matcher.group(1);
  }

  private HttpResponse<String> get(String url, String token)
      throws IOException, InterruptedException {
    HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(url));
    if (token != null) {
      request.header("Authorization", "Bearer " + token);
    }
    return http.send(request.build(), HttpResponse.BodyHandlers.ofString());
  }
}
