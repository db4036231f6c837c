package dev.clockwork.server.session;

import static org.assertj.core.api.Assertions.assertThat;

import dev.clockwork.server.ApiFixture;
import dev.clockwork.server.ClockworkServer;
import dev.clockwork.server.access.AccessPolicy;
import dev.clockwork.server.access.ApiToken;
import dev.clockwork.server.access.Role;
import dev.clockwork.server.access.Sessions;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;

/**
 * The dashboard's login: a token exchanged for an HttpOnly, SameSite=Strict cookie naming a
 * server-side session, which authenticates like the token, needs the CSRF header to change
 * anything, ends at logout and expires.
 */
class SessionTest {
  static final ApiFixture API = ApiFixture.start();

  @AfterAll
  static void stop() {
    API.close();
  }

  @Test
  void aTokenIsExchangedForAnHttpOnlyStrictCookieThatReads() {
    ApiFixture.Response login = login(ApiFixture.VIEWER);

    assertThat(login.status()).isEqualTo(200);
    String setCookie = login.header("Set-Cookie");
    assertThat(setCookie)
        .startsWith(Sessions.COOKIE + "=")
        .containsIgnoringCase("HttpOnly")
        .containsIgnoringCase("SameSite=Strict")
        .contains("Path=/");
    assertThat(login.body()).doesNotContain(ApiFixture.VIEWER);
    assertThat(login.json().get("principal").asText()).isEqualTo("vera-viewer");
    assertThat(login.json().get("role").asText()).isEqualTo("viewer");

    ApiFixture.Response read = API.get("/api/machines", null, cookie(setCookie));
    assertThat(read.status()).isEqualTo(200);
    ApiFixture.Response whoami = API.get("/api/session", null, cookie(setCookie));
    assertThat(whoami.json().get("principal").asText()).isEqualTo("vera-viewer");
  }

  @Test
  void anUnknownTokenOpensNoSession() {
    ApiFixture.Response login = login("not-a-token");

    assertThat(login.status()).isEqualTo(401);
    assertThat(login.header("Set-Cookie")).isNull();
    assertThat(API.post("/api/session", null, "{}").status()).isEqualTo(400);
  }

  @Test
  void anInventedSessionIdIsRefused() {
    ApiFixture.Response read =
        API.get("/api/machines", null, Map.of("Cookie", Sessions.COOKIE + "=made-up"));

    assertThat(read.status()).isEqualTo(401);
    assertThat(read.json().get("detail").asText()).contains("log in again");
  }

  @Test
  void aCookieChangesStateOnlyWithTheCsrfHeaderAndWithinItsRole() throws Exception {
    try (ClockworkServer server = serverWithAnOperatorRoute()) {
      String operator = login(server, ApiFixture.OPERATOR);
      String viewer = login(server, ApiFixture.VIEWER);

      assertThat(post(server, operator, Map.of()).statusCode()).isEqualTo(403);
      assertThat(post(server, operator, Map.of()).body()).contains("X-Clockwork-Request: 1");
      assertThat(post(server, operator, Map.of("X-Clockwork-Request", "1")).statusCode())
          .isEqualTo(200);
      assertThat(post(server, viewer, Map.of("X-Clockwork-Request", "1")).statusCode())
          .isEqualTo(403);
    }
  }

  @Test
  void logoutClosesTheSessionAndClearsTheCookie() {
    String setCookie = login(ApiFixture.VIEWER).header("Set-Cookie");

    ApiFixture.Response logout =
        API.delete(
            "/api/session", null, Map.of("Cookie", value(setCookie), "X-Clockwork-Request", "1"));

    assertThat(logout.status()).isEqualTo(204);
    assertThat(logout.header("Set-Cookie"))
        .startsWith(Sessions.COOKIE + "=;")
        .contains("Expires=Thu, 01 Jan 1970");
    assertThat(API.get("/api/machines", null, cookie(setCookie)).status()).isEqualTo(401);
  }

  @Test
  void aSessionExpiresAfterItsLifetimeOnTheServersClock() {
    String setCookie = login(ApiFixture.VIEWER).header("Set-Cookie");
    assertThat(API.get("/api/machines", null, cookie(setCookie)).status()).isEqualTo(200);

    API.clock().advance(Sessions.LIFETIME.minusMinutes(1));
    assertThat(API.get("/api/machines", null, cookie(setCookie)).status()).isEqualTo(200);
    API.clock().advance(Duration.ofMinutes(2));
    ApiFixture.Response expired = API.get("/api/machines", null, cookie(setCookie));

    assertThat(expired.status()).isEqualTo(401);
    assertThat(expired.json().get("detail").asText()).contains("expired");
  }

  private static ApiFixture.Response login(String token) {
    return API.post("/api/session", null, "{\"token\":\"" + token + "\"}");
  }

  private static Map<String, String> cookie(String setCookie) {
    return Map.of("Cookie", value(setCookie));
  }

  private static String value(String setCookie) {
    return setCookie.split(";", 2)[0];
  }

  /** A second server on the fixture's engine with one operator route, sharing no sessions. */
  private static ClockworkServer serverWithAnOperatorRoute() {
    return ClockworkServer.builder(API.engine())
        .access(
            AccessPolicy.of(
                List.of(
                    ApiToken.ofSecret("otto", ApiFixture.OPERATOR, Role.OPERATOR, Set.of("*")),
                    ApiToken.ofSecret("vera", ApiFixture.VIEWER, Role.VIEWER, Set.of("*")))))
        .port(0)
        .routes(context -> router -> router.post("/api/poke", Role.OPERATOR, c -> c.result("ok")))
        .start();
  }

  private static String login(ClockworkServer server, String token) throws IOException {
    HttpRequest request =
        HttpRequest.newBuilder(URI.create(server.url() + "/api/session"))
            .header("Content-Type", "application/json")
            .POST(HttpRequest.BodyPublishers.ofString("{\"token\":\"" + token + "\"}"))
            .build();
    return send(request).headers().firstValue("Set-Cookie").orElseThrow();
  }

  private static HttpResponse<String> post(
      ClockworkServer server, String setCookie, Map<String, String> headers) throws IOException {
    HttpRequest.Builder request =
        HttpRequest.newBuilder(URI.create(server.url() + "/api/poke"))
            .header("Cookie", value(setCookie))
            .POST(HttpRequest.BodyPublishers.noBody());
    headers.forEach(request::header);
    return send(request.build());
  }

  private static HttpResponse<String> send(HttpRequest request) throws IOException {
    try {
      return HttpClient.newHttpClient().send(request, HttpResponse.BodyHandlers.ofString());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IOException(e);
    }
  }
}
