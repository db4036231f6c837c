package dev.clockwork.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.clockwork.cli.environment.CliEnvironment;
import dev.clockwork.cli.environment.PostgresDatabase;
import dev.clockwork.cli.serve.ServeSession;
import dev.clockwork.cli.serve.ServerCommand;
import dev.clockwork.examples.ExampleMachines;
import dev.clockwork.postgres.testing.EmbeddedPostgresDatabase;
import dev.clockwork.postgres.testing.TestDatabase;
import dev.clockwork.server.access.ApiToken;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * Options of the server: block, each shown applied — server.host and server.port (every CLI test
 * passes --port 0), callbacks.allow_http, a token's role from the file.
 */
class ServeOptionsTest {
  private static final TestDatabase DB = EmbeddedPostgresDatabase.shared().newDatabase();
  private static final String SECRET = "s3cret-for-options";

  private final HttpClient http = HttpClient.newHttpClient();
  @TempDir Path project;

  private ServeSession server(String yaml, Map<String, String> extra, String... args)
      throws Exception {
    Path config = project.resolve("clockwork.yaml");
    Files.writeString(config, yaml);
    Map<String, String> variables = new HashMap<>(CliRun.databaseEnv(DB));
    variables.putAll(extra);
    CliEnvironment env =
        new CliEnvironment(
            variables,
            new PrintWriter(new StringWriter(), true),
            new PrintWriter(new StringWriter(), true),
            Clock.systemUTC(),
            new PostgresDatabase(),
            new ExampleMachines().machines());
    ServerCommand command = new ServerCommand(env);
    String[] all = new String[args.length + 3];
    all[0] = "--config";
    all[1] = config.toString();
    all[2] = "--examples";
    System.arraycopy(args, 0, all, 3, args.length);
    new CommandLine(command).parseArgs(all);
    return command.start();
  }

  private static int freePort() throws Exception {
    try (ServerSocket socket = new ServerSocket(0)) {
      return socket.getLocalPort();
    }
  }

  @Test
  void serverPortAndHostOfClockworkYamlAreWhereItListens() throws Exception {
    int port = freePort();
    String yaml = "server:\n  host: 127.0.0.1\n  port: " + port + "\n";
    try (ServeSession session = server(yaml, Map.of())) {
      assertThat(session.url()).isEqualTo("http://127.0.0.1:" + port);
      HttpResponse<String> health =
          http.send(
              HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/health")).build(),
              HttpResponse.BodyHandlers.ofString());
      assertThat(health.statusCode()).isEqualTo(200);
    }
  }

  @Test
  void allowHttpOfClockworkYamlDecidesWhetherPlainHttpCallbacksAreAccepted() throws Exception {
    String tokens =
        "server:\n  tokens:\n    ops:\n      sha256: %s\n      role: operator\n"
            .formatted(ApiToken.hash(SECRET));
    String body = "{\"type\":\"SUBMIT\",\"callback_url\":\"http://hooks.example.com/done\"}";
    for (boolean allowHttp : new boolean[] {true, false}) {
      String yaml =
          tokens
              + "  callbacks:\n    allow_hosts: hooks.example.com\n    allow_http: "
              + allowHttp
              + "\n";
      try (ServeSession session =
          server(
              yaml, Map.of("CLOCKWORK_CALLBACK_SECRET", "a-signing-secret-123"), "--port", "0")) {
        String id = session.engine().create("order").id();
        int status = post(session.url() + "/api/instances/" + id + "/events?mode=queued", body);
        assertThat(status).as("allow_http: " + allowHttp).isEqualTo(allowHttp ? 202 : 422);
      }
    }
  }

  @Test
  void aViewerTokenOfClockworkYamlCannotSend() throws Exception {
    String yaml =
        "server:\n  tokens:\n    vera:\n      sha256: %s\n      role: viewer\n"
            .formatted(ApiToken.hash(SECRET));
    try (ServeSession session = server(yaml, Map.of(), "--port", "0")) {
      String id = session.engine().create("order").id();
      assertThat(post(session.url() + "/api/instances/" + id + "/events", "{\"type\":\"SUBMIT\"}"))
          .isEqualTo(403);
    }
  }

  private int post(String url, String json) throws Exception {
    return http.send(
            HttpRequest.newBuilder(URI.create(url))
                .header("Authorization", "Bearer " + SECRET)
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(json))
                .build(),
            HttpResponse.BodyHandlers.ofString())
        .statusCode();
  }
}
