package dev.clockwork.spring.boot.tests;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.clockwork.server.access.ApiToken;
import java.io.IOException;
import java.net.ConnectException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * A Boot application as users ship it: {@code PackagedApplication} repackaged by {@code
 * spring-boot-maven-plugin} (Clockwork's jars nested in it), started once with {@code java -jar},
 * {@code clockwork.server.enabled=true}, a port and a token. The dashboard's files are read from
 * the nested server jar, and the API creates an instance and sends it an event with the token. Runs
 * in {@code mvn verify} (failsafe, after the jar is packaged) on each Boot line.
 */
class PackagedJarIT {
  private static final String SECRET = "packaged-operator-secret";
  private static final HttpClient HTTP = HttpClient.newHttpClient();
  private static Process app;
  private static Path log;
  private static String url;

  @BeforeAll
  static void launch() throws IOException {
    Path jar = Path.of(System.getProperty("packaged.jar", "target/packaged-app.jar"));
    assertThat(jar).as("the repackaged application (mvn verify builds it)").exists();
    int port = freePort();
    url = "http://127.0.0.1:" + port;
    log = jar.resolveSibling("packaged-app.log");
    Path java = Path.of(System.getProperty("java.home"), "bin", "java");
    app =
        new ProcessBuilder(
                List.of(
                    java.toString(),
                    "-jar",
                    jar.toString(),
                    "--clockwork.store=memory",
                    "--clockwork.server.enabled=true",
                    "--clockwork.server.port=" + port,
                    "--clockwork.server.tokens.ops.sha256=" + ApiToken.hash(SECRET),
                    "--clockwork.server.tokens.ops.role=operator"))
            .redirectErrorStream(true)
            .redirectOutput(log.toFile())
            .start();
    await()
        .atMost(Duration.ofSeconds(90))
        .pollInterval(Duration.ofMillis(250))
        .ignoreException(ConnectException.class)
        .until(() -> !app.isAlive() || call("GET", "/dashboard/", null, null).statusCode() == 200);
    assertThat(app.isAlive()).as("the application runs; its log: %s", read(log)).isTrue();
  }

  @AfterAll
  static void stop() throws InterruptedException {
    if (app != null) {
      app.destroy();
      if (!app.waitFor(30, TimeUnit.SECONDS)) {
        app.destroyForcibly();
      }
    }
  }

  @Test
  void theDashboardIsServedFromTheNestedJar() throws Exception {
    HttpResponse<String> page = call("GET", "/dashboard/", null, null);
    assertThat(page.body()).contains("<title>Clockwork</title>");
    assertThat(page.headers().firstValue("Content-Security-Policy")).isPresent();
    assertThat(call("GET", "/dashboard/js/app.js", null, null).statusCode()).isEqualTo(200);
    Matcher mermaid = Pattern.compile("src=\"(/webjars/mermaid/[^\"]+)\"").matcher(page.body());
    assertThat(mermaid.find()).isTrue();
    assertThat(call("GET", mermaid.group(1), null, null).statusCode()).isEqualTo(200);
  }

  @Test
  void theApiAnswersWithTheToken() throws Exception {
    assertThat(call("GET", "/api/machines", null, null).statusCode()).isEqualTo(401);
    assertThat(call("GET", "/api/machines", SECRET, null).body()).contains("door");

    HttpResponse<String> created =
        call("POST", "/api/instances", SECRET, "{\"machine\": \"door\", \"id\": \"front\"}");
    assertThat(created.statusCode()).as(created.body()).isEqualTo(201);
    HttpResponse<String> opened =
        call("POST", "/api/instances/front/events", SECRET, "{\"type\": \"OPEN\"}");
    assertThat(opened.statusCode()).as(opened.body()).isEqualTo(200);
    assertThat(call("GET", "/api/instances/front", SECRET, null).body()).contains("\"open\"");
  }

  private static HttpResponse<String> call(String method, String path, String token, String json)
      throws IOException, InterruptedException {
    HttpRequest.Builder request =
        HttpRequest.newBuilder(URI.create(url + path)).timeout(Duration.ofSeconds(20));
    if (token != null) {
      request.header("Authorization", "Bearer " + token);
    }
    if (json != null) {
      request.header("Content-Type", "application/json");
    }
    request.method(
        method,
        json == null
            ? HttpRequest.BodyPublishers.noBody()
            : HttpRequest.BodyPublishers.ofString(json));
    return HTTP.send(request.build(), HttpResponse.BodyHandlers.ofString());
  }

  private static int freePort() throws IOException {
    try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      return socket.getLocalPort();
    }
  }

  private static String read(Path file) throws IOException {
    return Files.exists(file) ? Files.readString(file) : "(none)";
  }
}
