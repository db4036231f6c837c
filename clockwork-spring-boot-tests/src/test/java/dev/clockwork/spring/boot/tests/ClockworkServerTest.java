package dev.clockwork.spring.boot.tests;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import dev.clockwork.core.definition.MachineDefinition;
import dev.clockwork.server.access.ApiToken;
import dev.clockwork.spring.boot.autoconfigure.ClockworkAutoConfiguration;
import dev.clockwork.spring.boot.autoconfigure.ClockworkServerAutoConfiguration;
import dev.clockwork.spring.boot.server.ServerLifecycle;
import dev.clockwork.spring.boot.server.ServerStartException;
import dev.clockwork.spring.boot.server.ServerStartFailureAnalyzer;
import dev.clockwork.spring.boot.tests.support.TestMachines;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.ConnectException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.diagnostics.FailureAnalysis;
import org.springframework.boot.test.context.FilteredClassLoader;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.core.NestedExceptionUtils;

/**
 * {@code clockwork.server.enabled=true} runs Clockwork's HTTP API and dashboard on the starter's
 * engine, configured by {@code clockwork.server.*} (the {@code server:} block of {@code
 * clockwork.yaml}): its host, port, tokens (hash, role, namespaces) and limits each change what the
 * running server does, and it stops with the context.
 */
class ClockworkServerTest {
  private static final String SECRET = "spring-viewer-secret";
  private static final HttpClient HTTP = HttpClient.newHttpClient();

  private final ApplicationContextRunner runner =
      new ApplicationContextRunner()
          .withConfiguration(
              AutoConfigurations.of(
                  ClockworkAutoConfiguration.class, ClockworkServerAutoConfiguration.class))
          .withBean(
              MachineDefinition.class,
              () ->
                  TestMachines.billing())
          .withPropertyValues("clockwork.workers.auto-startup=false");

  @Test
  void offUnlessEnabled() {
    runner.run(context -> assertThat(context).doesNotHaveBean(ServerLifecycle.class));
  }

  @Test
  void enabledItServesTheDashboardAndTheApiOnThePortWithTheTokens() throws IOException {
    int port = freePort();
    runner
        .withPropertyValues(
            "clockwork.server.enabled=true",
            "clockwork.server.port=" + port,
            "clockwork.server.tokens.ops.sha256=" + ApiToken.hash(SECRET),
            "clockwork.server.tokens.ops.role=viewer",
            "clockwork.server.tokens.ops.namespaces=billing,shipping")
        .run(
            context -> {
              String url = "http://127.0.0.1:" + port;
              assertThat(get(url + "/dashboard/", null, Map.of()).body())
                  .contains("<title>Clockwork</title>");
              assertThat(get(url + "/api/machines", null, Map.of()).statusCode()).isEqualTo(401);
              HttpResponse<String> machines =
                  get(url + "/api/machines", SECRET, Map.of("X-Namespace", "billing"));
              assertThat(machines.statusCode()).isEqualTo(200);
              assertThat(machines.body()).contains("billing");
              // the role: a viewer may not create instances
              assertThat(post(url + "/api/instances", SECRET, "{\"machine\":\"billing\"}").body())
                  .contains("token 'ops' has the role viewer");
              // the namespaces: billing and shipping, no other
              assertThat(
                      get(url + "/api/machines", SECRET, Map.of("X-Namespace", "shipping"))
                          .statusCode())
                  .isEqualTo(200);
              assertThat(
                      get(url + "/api/machines", SECRET, Map.of("X-Namespace", "returns")).body())
                  .contains("may not see namespace 'returns'");
            });
  }

  @Test
  void theHostIsTheInterfaceListenedOn() {
    runner
        .withPropertyValues(
            "clockwork.server.enabled=true",
            "clockwork.server.port=0",
            "clockwork.server.host=localhost")
        .run(
            context ->
                assertThat(context.getBean(ServerLifecycle.class).server().url())
                    .startsWith("http://localhost:"));
  }

  @Test
  void theLimitsReachTheServer() {
    runner
        .withPropertyValues(
            "clockwork.server.enabled=true",
            "clockwork.server.port=0",
            "clockwork.server.limits.idle-timeout=200ms")
        .run(
            context -> {
              int port = context.getBean(ServerLifecycle.class).server().port();
              try (Socket silent = new Socket(InetAddress.getLoopbackAddress(), port)) {
                silent.setSoTimeout(10_000);
                InputStream in = silent.getInputStream();
                // a connection that sends nothing is closed after the idle timeout, not 30 s
                await().atMost(Duration.ofSeconds(5)).until(() -> in.read() == -1);
              }
            });
  }

  @Test
  void itStopsWithTheContext() {
    int[] port = new int[1];
    runner
        .withPropertyValues("clockwork.server.enabled=true", "clockwork.server.port=0")
        .run(
            context -> {
              port[0] = context.getBean(ServerLifecycle.class).server().port();
              assertThat(
                      get("http://127.0.0.1:" + port[0] + "/dashboard/", null, Map.of())
                          .statusCode())
                  .isEqualTo(200);
            });
    assertThatThrownBy(() -> get("http://127.0.0.1:" + port[0] + "/dashboard/", null, Map.of()))
        .hasCauseInstanceOf(ConnectException.class);
  }

  @Test
  void aPortInUseStopsTheStartNamingTheProperty() throws IOException {
    try (ServerSocket taken = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      runner
          .withPropertyValues(
              "clockwork.server.enabled=true", "clockwork.server.port=" + taken.getLocalPort())
          .run(
              context -> {
                assertThat(context).hasFailed();
                FailureAnalysis analysis =
                    new ServerStartFailureAnalyzer().analyze(context.getStartupFailure());
                assertThat(analysis.getDescription()).contains(":" + taken.getLocalPort());
                assertThat(analysis.getAction()).contains("clockwork.server.port");
              });
    }
  }

  @Test
  void enabledWithoutTheServerModuleStopsTheStartNamingTheDependency() {
    runner
        .withClassLoader(new FilteredClassLoader("dev.clockwork.server"))
        .withPropertyValues("clockwork.server.enabled=true")
        .run(
            context ->
                assertThat(
                        NestedExceptionUtils.getMostSpecificCause(context.getStartupFailure()))
                    .isInstanceOf(ServerStartException.class)
                    .hasMessageContaining("dev.clockwork:clockwork-server"));
  }

  @Test
  void aTokenWithoutItsHashStopsTheStartNamingTheKey() {
    runner
        .withPropertyValues(
            "clockwork.server.enabled=true",
            "clockwork.server.port=0",
            "clockwork.server.tokens.ops.sha256=" + SECRET,
            "clockwork.server.tokens.ops.role=viewer")
        .run(
            context ->
                assertThat(context.getStartupFailure())
                    .rootCause()
                    .hasMessageContaining("server.tokens.ops.sha256")
                    .hasMessageContaining("never put the secret itself here"));
  }

  private static int freePort() throws IOException {
    try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      return socket.getLocalPort();
    }
  }

  private static HttpResponse<String> get(String url, String token, Map<String, String> headers) {
    HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(url));
    if (token != null) {
      request.header("Authorization", "Bearer " + token);
    }
    headers.forEach(request::header);
    return send(request.GET());
  }

  private static HttpResponse<String> post(String url, String token, String json) {
    return send(
        HttpRequest.newBuilder(URI.create(url))
            .header("Authorization", "Bearer " + token)
            .header("Content-Type", "application/json")
            .POST(HttpRequest.BodyPublishers.ofString(json)));
  }

  private static HttpResponse<String> send(HttpRequest.Builder request) {
    try {
      return HTTP.send(request.build(), HttpResponse.BodyHandlers.ofString());
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
  }
}
