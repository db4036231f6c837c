package dev.clockwork.server.transport;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.clockwork.runtime.Engine;
import dev.clockwork.runtime.store.memory.InMemoryStore;
import dev.clockwork.server.ClockworkServer;
import dev.clockwork.server.access.AccessPolicy;
import dev.clockwork.server.access.ApiToken;
import dev.clockwork.server.access.Role;
import dev.clockwork.server.http.TransportLimits;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Slow and many clients against a server with its transport limits: a trickled body holds no thread
 * and is cut off, requests past the in-flight limit get a 503 after their wait, and 300 slow
 * clients do not keep an authenticated one from being answered.
 */
class TransportLimitsTest {
  static final String SECRET = "viewer-secret";

  private final List<Socket> sockets = new ArrayList<>();
  private final HttpClient http =
      HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
  private final CountDownLatch entered = new CountDownLatch(1);
  private ClockworkServer server;
  private Engine engine;

  private ClockworkServer start(TransportLimits limits, CountDownLatch held) {
    engine = Engine.builder().store(new InMemoryStore()).build();
    ClockworkServer.Builder builder =
        ClockworkServer.builder(engine)
            .access(
                AccessPolicy.of(
                    List.of(ApiToken.ofSecret("vera", SECRET, Role.VIEWER, Set.of("*")))))
            .limits(limits)
            .port(0);
    if (held != null) {
      builder.routes(
          context ->
              router ->
                  router.get(
                      "/api/test/held",
                      Role.VIEWER,
                      ctx -> {
                        entered.countDown();
                        held.await(30, TimeUnit.SECONDS);
                        ctx.result("released");
                      }));
    }
    server = builder.start();
    return server;
  }

  @AfterEach
  void close() throws IOException {
    for (Socket socket : sockets) {
      socket.close();
    }
    if (server != null) {
      server.close();
    }
    if (engine != null) {
      engine.close();
    }
  }

  /** Opens a login request whose 100-byte body is still to come. */
  private Socket slowLogin() throws IOException {
    Socket socket = new Socket("127.0.0.1", server.port());
    sockets.add(socket);
    OutputStream out = socket.getOutputStream();
    out.write(
        ("POST /api/session HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n"
                + "Content-Length: 100\r\n\r\n{")
            .getBytes(StandardCharsets.US_ASCII));
    out.flush();
    return socket;
  }

  private HttpResponse<String> get(String path) throws IOException, InterruptedException {
    return http.send(
        HttpRequest.newBuilder(URI.create(server.url() + path))
            .header("Authorization", "Bearer " + SECRET)
            .timeout(Duration.ofSeconds(10))
            .build(),
        HttpResponse.BodyHandlers.ofString());
  }

  @Test
  void aBodyTrickledSlowerThanTheMinimumRateIsCutOffWithA408() throws Exception {
    start(new TransportLimits(100, 200, Duration.ofSeconds(5)), null);
    Socket socket = slowLogin();
    socket.setSoTimeout(20_000);
    OutputStream out = socket.getOutputStream();
    InputStream in = socket.getInputStream();

    // a client that trickles its body, a byte every 50 ms (20 bytes a second), until answered
    CompletableFuture<String> answer =
        CompletableFuture.supplyAsync(
            () -> {
              try {
                return new String(in.readNBytes(12), StandardCharsets.US_ASCII);
              } catch (IOException e) {
                return "closed: " + e.getMessage();
              }
            });
    for (int sent = 1; sent < 100 && !answer.isDone(); sent++) {
      LockSupport.parkNanos(Duration.ofMillis(50).toNanos());
      try {
        out.write(' ');
        out.flush();
      } catch (IOException closedByTheServer) {
        break;
      }
    }

    assertThat(answer.get(20, TimeUnit.SECONDS)).isEqualTo("HTTP/1.1 408");
  }

  @Test
  void aBodyAtAnOrdinaryPaceIsNotCutOffByTheRate() throws Exception {
    start(new TransportLimits(100, 200, Duration.ofSeconds(5)), null);

    HttpResponse<String> login =
        http.send(
            HttpRequest.newBuilder(URI.create(server.url() + "/api/session"))
                .POST(HttpRequest.BodyPublishers.ofString("{\"token\":\"" + SECRET + "\"}"))
                .header("Content-Type", "application/json")
                .build(),
            HttpResponse.BodyHandlers.ofString());

    assertThat(login.statusCode()).as(login.body()).isEqualTo(200);
  }

  @Test
  void requestsPastTheInFlightLimitWaitThenGetA503() throws Exception {
    CountDownLatch held = new CountDownLatch(1);
    start(new TransportLimits(100, 1, Duration.ofMillis(300)), held);
    CompletableFuture<HttpResponse<String>> first =
        CompletableFuture.supplyAsync(
            () -> {
              try {
                return get("/api/test/held");
              } catch (IOException | InterruptedException e) {
                throw new IllegalStateException(e);
              }
            });
    assertThat(entered.await(10, TimeUnit.SECONDS)).isTrue();

    HttpResponse<String> second = get("/api/machines");
    held.countDown();

    assertThat(second.statusCode()).isEqualTo(503);
    assertThat(first.get(10, TimeUnit.SECONDS).body()).isEqualTo("released");
    assertThat(get("/api/machines").statusCode()).isEqualTo(200);
  }

  @Test
  void threeHundredSlowClientsDoNotStarveAnAuthenticatedOne() throws Exception {
    start(TransportLimits.DEFAULT, null);
    for (int i = 0; i < 300; i++) {
      slowLogin();
    }
    List<Long> millis = new ArrayList<>();
    for (int call = 0; call < 100; call++) {
      long start = System.nanoTime();
      HttpResponse<String> response = get("/api/machines");
      millis.add((System.nanoTime() - start) / 1_000_000);
      assertThat(response.statusCode()).as("call %d: %s", call, response.body()).isEqualTo(200);
    }
    millis.sort(null);
    System.out.printf(
        "100 calls beside 300 slow clients: p50 %d ms, p99 %d ms, max %d ms%n",
        millis.get(49), millis.get(98), millis.get(99));
    assertThat(millis.get(98))
        .as("p99 of 100 calls beside 300 slow clients, in ms")
        .isLessThan(1000);
  }

  @Test
  void limitsOutsideTheirRangeAreRefusedNamingTheLimit() {
    assertThatThrownBy(() -> new TransportLimits(0, 10, Duration.ZERO))
        .hasMessageContaining("minimum request rate");
    assertThatThrownBy(() -> new TransportLimits(10, 0, Duration.ZERO))
        .hasMessageContaining("requests handled at once");
    assertThatThrownBy(() -> new TransportLimits(10, 10, Duration.ofSeconds(-1)))
        .hasMessageContaining("queue wait");
  }
}
