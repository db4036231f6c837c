package dev.clockwork.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.clockwork.cli.environment.CliEnvironment;
import dev.clockwork.cli.environment.PostgresDatabase;
import dev.clockwork.cli.serve.ServeSession;
import dev.clockwork.cli.serve.ServerCommand;
import dev.clockwork.examples.ExampleMachines;
import dev.clockwork.postgres.PostgresStore;
import dev.clockwork.postgres.testing.EmbeddedPostgresDatabase;
import dev.clockwork.postgres.testing.TestDatabase;
import dev.clockwork.runtime.Engine;
import dev.clockwork.server.ClockworkServer;
import dev.clockwork.server.access.AccessPolicy;
import dev.clockwork.server.access.ApiToken;
import dev.clockwork.server.access.Role;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * Issue 26's acceptance, on PostgreSQL: {@code clockwork server --examples} runs the order machine
 * (version 1, Java); version 2, written in YAML ({@code machines/order-v2.yaml}: 7-day {@code
 * after} with {@code isNotPaidGuard}, {@code every}/{@code max}/{@code then}), is deployed with
 * {@code clockwork machine deploy}; the server takes it (it has the examples' behaviours) and runs
 * new orders on it over HTTP. A second node without the examples' classes or behaviours shows those
 * instances and version 2's diagram.
 */
class OrderAsDataAcceptanceTest {
  private static final TestDatabase DB = EmbeddedPostgresDatabase.shared().newDatabase();
  private static final String ADMIN = "acceptance-admin-secret";
  private static final String VIEWER = "bare-node-viewer-secret";
  private static final ObjectMapper JSON = new ObjectMapper();

  private final HttpClient http = HttpClient.newHttpClient();

  @TempDir Path project;

  private CliEnvironment env() {
    return new CliEnvironment(
        CliRun.databaseEnv(DB),
        new PrintWriter(new StringWriter(), true),
        new PrintWriter(new StringWriter(), true),
        Clock.systemUTC(),
        new PostgresDatabase(),
        new ExampleMachines().machines());
  }

  static String orderV2() throws IOException {
    try (InputStream in =
        OrderAsDataAcceptanceTest.class.getResourceAsStream("/machines/order-v2.yaml")) {
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }
  }

  @Test
  void theYamlOrderIsDeployedWithTheCliRunOverHttpAndShownByANodeWithoutItsCode() throws Exception {
    Path config = project.resolve("clockwork.yaml");
    Files.writeString(
        config,
        """
        server:
          tokens:
            ops:
              sha256: %s
              role: admin
        """
            .formatted(ApiToken.hash(ADMIN)));
    ServerCommand command = new ServerCommand(env());
    new CommandLine(command)
        .parseArgs("--port", "0", "--config", config.toString(), "--examples", "--migrate");
    String instance;
    try (ServeSession server = command.start()) {
      String url = server.url();
      assertThat(json(get(url + "/api/machines/order", ADMIN)).get("version").asInt()).isEqualTo(1);

      Path file = Files.writeString(project.resolve("order-v2.yaml"), orderV2());
      CliRun deploy =
          CliRun.run(
              CliRun.databaseEnv(DB),
              Clock.systemUTC(),
              List.of(),
              "machine",
              "deploy",
              file.toString());
      assertThat(deploy.exitCode).as(deploy.toString()).isZero();
      assertThat(deploy.out).contains("order").contains("deployed");

      // the server looks for versions deployed elsewhere every few seconds
      await()
          .atMost(Duration.ofSeconds(30))
          .until(
              () ->
                  json(get(url + "/api/machines/order", ADMIN)).get("runs").asBoolean()
                      && json(get(url + "/api/machines/order", ADMIN)).get("version").asInt() == 2);

      JsonNode created = json(post(url + "/api/instances", ADMIN, "{\"machine\": \"order\"}"));
      instance = created.get("id").asText();
      assertThat(created.get("version").asInt()).isEqualTo(2);
      for (String event : List.of("SUBMIT", "PAY", "DECLINED")) {
        HttpResponse<String> sent =
            post(
                url + "/api/instances/" + instance + "/events",
                ADMIN,
                "{\"type\": \"" + event + "\"}");
        assertThat(sent.statusCode()).as(sent.body()).isEqualTo(200);
      }
      JsonNode read = json(get(url + "/api/instances/" + instance, ADMIN));
      assertThat(strings(read.get("active_states"))).containsExactly("retrying_payment");
      assertThat(read.get("context").get("paid").asBoolean()).isTrue();
      assertThat(read.get("timers").findValuesAsText("event")).contains("RETRY_PAYMENT");
    }

    try (PostgresStore store = PostgresStore.on(DB.dataSource());
        Engine bare = Engine.builder().store(store).build();
        ClockworkServer node =
            ClockworkServer.builder(bare)
                .access(
                    AccessPolicy.of(
                        List.of(ApiToken.ofSecret("bare", VIEWER, Role.VIEWER, Set.of("*")))))
                .port(0)
                .start()) {
      bare.start(); // takes the deployed versions: it can run none of order's
      String url = node.url();
      assertThat(bare.machines().ids()).doesNotContain("order");

      JsonNode shown = json(get(url + "/api/instances/" + instance, VIEWER));
      assertThat(shown.get("version").asInt()).isEqualTo(2);
      assertThat(strings(shown.get("active_states"))).containsExactly("retrying_payment");
      assertThat(body(get(url + "/api/instances/" + instance + "/diagram", VIEWER)))
          .contains("retrying_payment");
      assertThat(json(get(url + "/api/machines/order/versions/2", VIEWER)).get("diagram").asText())
          .startsWith("stateDiagram-v2")
          .contains("retrying_payment");
      JsonNode order = json(get(url + "/api/machines/order", VIEWER));
      assertThat(order.get("runs").asBoolean()).isFalse();
      assertThat(order.get("problems").toString()).contains("isNotPaidGuard");
      assertThat(
              json(get(url + "/api/instances?machine=order", VIEWER))
                  .get("items")
                  .findValuesAsText("id"))
          .contains(instance);
    }
  }

  private static List<String> strings(JsonNode array) {
    List<String> strings = new ArrayList<>();
    array.forEach(node -> strings.add(node.asText()));
    return strings;
  }

  private static String body(HttpResponse<String> response) {
    assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
    return response.body();
  }

  private static JsonNode json(HttpResponse<String> response) throws IOException {
    assertThat(response.statusCode()).as(response.body()).isBetween(200, 201);
    return JSON.readTree(response.body());
  }

  private HttpResponse<String> get(String url, String token)
      throws IOException, InterruptedException {
    return http.send(
        HttpRequest.newBuilder(URI.create(url)).header("Authorization", "Bearer " + token).build(),
        HttpResponse.BodyHandlers.ofString());
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
}
