package dev.clockwork.server.transport;

import static org.assertj.core.api.Assertions.assertThat;

import dev.clockwork.runtime.Engine;
import dev.clockwork.runtime.config.Settings;
import dev.clockwork.runtime.store.memory.InMemoryStore;
import dev.clockwork.server.ClockworkServer;
import dev.clockwork.server.access.AccessPolicy;
import dev.clockwork.server.access.ApiToken;
import dev.clockwork.server.access.Role;
import dev.clockwork.server.config.ServerConfig;
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
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Clients that never finish their request line and headers: 300 of them, each trickling a header
 * byte every two seconds, hold connections but no threads, so an authenticated client is answered
 * beside them; a connection that sends nothing, or stops in the middle of its headers, is closed
 * after the configured idle timeout; headers past 8 KB are refused with a 431.
 */
@Timeout(value = 2, unit = TimeUnit.MINUTES)
class SlowHeadersTest {
  static final String SECRET = "viewer-secret";
  static final byte[] UNFINISHED =
      "GET /api/machines HTTP/1.1\r\nHost: localhost\r\nX-Slow: "
          .getBytes(StandardCharsets.US_ASCII);

  private final List<Socket> sockets = new CopyOnWriteArrayList<>();
  private final ScheduledExecutorService trickle = Executors.newSingleThreadScheduledExecutor();
  private final HttpClient http =
      HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
  private ClockworkServer server;
  private Engine engine;

  private void start(TransportLimits limits) {
    engine = Engine.builder().store(new InMemoryStore()).build();
    server =
        ClockworkServer.builder(engine)
            .access(
                AccessPolicy.of(
                    List.of(ApiToken.ofSecret("vera", SECRET, Role.VIEWER, Set.of("*")))))
            .limits(limits)
            .port(0)
            .start();
  }

  @AfterEach
  void close() throws IOException {
    trickle.shutdownNow();
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

  private Socket connect() throws IOException {
    Socket socket = new Socket("127.0.0.1", server.port());
    sockets.add(socket);
    return socket;
  }

  /** Opens a request whose headers are never finished. */
  private Socket unfinished() throws IOException {
    Socket socket = connect();
    socket.getOutputStream().write(UNFINISHED);
    socket.getOutputStream().flush();
    return socket;
  }

  /** Sends one more header byte on every open slow connection. */
  private void oneMoreByteEach() {
    for (Socket socket : sockets) {
      try {
        OutputStream out = socket.getOutputStream();
        out.write('a');
        out.flush();
      } catch (IOException closedByTheServer) {
        // counted by the test when it matters
      }
    }
  }

  private HttpResponse<String> get(String path) throws IOException, InterruptedException {
    return http.send(
        HttpRequest.newBuilder(URI.create(server.url() + path))
            .header("Authorization", "Bearer " + SECRET)
            .timeout(Duration.ofSeconds(10))
            .build(),
        HttpResponse.BodyHandlers.ofString());
  }

  /** How long until the server closes {@code socket}; fails if it is still open after 10 s. */
  private static long millisUntilClosed(Socket socket) throws IOException {
    socket.setSoTimeout(10_000);
    InputStream in = socket.getInputStream();
    long start = System.nanoTime();
    while (in.read() != -1) {
      // a 408 or anything else the server says before closing
    }
    return (System.nanoTime() - start) / 1_000_000;
  }

  @Test
  void threeHundredClientsTricklingHeadersDoNotStarveAnAuthenticatedOne() throws Exception {
    start(TransportLimits.DEFAULT);
    for (int i = 0; i < 300; i++) {
      unfinished();
    }
    trickle.scheduleAtFixedRate(this::oneMoreByteEach, 2, 2, TimeUnit.SECONDS);

    List<Long> millis = new ArrayList<>();
    for (int call = 0; call < 100; call++) {
      long start = System.nanoTime();
      HttpResponse<String> response = get("/api/machines");
      millis.add((System.nanoTime() - start) / 1_000_000);
      assertThat(response.statusCode()).as("call %d: %s", call, response.body()).isEqualTo(200);
    }
    millis.sort(null);
    System.out.printf(
        "100 calls beside 300 slow-header clients: p50 %d ms, p99 %d ms, max %d ms%n",
        millis.get(49), millis.get(98), millis.get(99));

    assertThat(millis.get(98)).as("p99 in ms").isLessThan(1000);
    long stillOpen = sockets.stream().filter(s -> !s.isClosed() && s.isConnected()).count();
    assertThat(stillOpen).as("slow clients held open during the calls").isEqualTo(300);
  }

  @Test
  void aConnectionThatSendsNothingIsClosedAfterTheConfiguredIdleTimeout() throws Exception {
    TransportLimits limits =
        ServerConfig.from(
                Settings.parse("server:\n  limits:\n    idle_timeout: 1 second\n", "clock.yaml"))
            .limits();
    start(limits);

    // with the setting ignored, Jetty's 30 seconds would outlast the 10 s read and fail here
    assertThat(millisUntilClosed(connect())).isBetween(500L, 9_000L);
  }

  @Test
  void aConnectionStalledInItsHeadersIsClosedAfterTheIdleTimeout() throws Exception {
    start(TransportLimits.DEFAULT.withIdleTimeout(Duration.ofSeconds(1)));

    assertThat(millisUntilClosed(unfinished())).isBetween(500L, 9_000L);
  }

  @Test
  void aSilentConnectionIsClosedAfterThirtySecondsByDefault() {
    assertThat(TransportLimits.DEFAULT.idleTimeout()).isEqualTo(Duration.ofSeconds(30));
  }

  @Test
  void headersPastTheirSizeLimitAreRefusedWithA431() throws Exception {
    start(TransportLimits.DEFAULT);
    Socket socket = unfinished();
    OutputStream out = socket.getOutputStream();
    out.write(("b".repeat(16 * 1024) + "\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
    out.flush();
    socket.setSoTimeout(10_000);

    String answer = new String(socket.getInputStream().readNBytes(12), StandardCharsets.US_ASCII);

    assertThat(answer).isEqualTo("HTTP/1.1 431");
  }
}
