package dev.clockwork.server;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;

class AccessTest {
  static final ApiFixture API = ApiFixture.start();

  @AfterAll
  static void stop() {
    API.close();
  }

  @Test
  void noTokenIs401WithAChallengeAsProblemJson() {
    ApiFixture.Response response = API.get("/api/machines", null);

    assertThat(response.status()).isEqualTo(401);
    assertThat(response.header("Content-Type")).startsWith("application/problem+json");
    assertThat(response.header("WWW-Authenticate")).startsWith("Bearer");
    assertThat(response.json().get("type").asText()).endsWith("/unauthorized");
    assertThat(response.json().get("detail").asText()).contains("Authorization: Bearer");
  }

  @Test
  void anUnknownTokenIs401() {
    ApiFixture.Response response = API.get("/api/machines", "not-a-token");
    assertThat(response.status()).isEqualTo(401);
    assertThat(response.header("WWW-Authenticate")).startsWith("Bearer");
  }

  @Test
  void aKnownTokenReads() {
    ApiFixture.Response response = API.get("/api/machines", ApiFixture.VIEWER);

    assertThat(response.status()).isEqualTo(200);
    assertThat(response.header("WWW-Authenticate")).as("a challenge only with a 401").isNull();
    assertThat(API.post("/api/instances", ApiFixture.VIEWER, "{\"machine\": \"order\"}"))
        .satisfies(
            forbidden -> {
              assertThat(forbidden.status()).isEqualTo(403);
              assertThat(forbidden.header("WWW-Authenticate")).isNull();
            });
    assertThat(response.json().findValuesAsText("id")).contains("order", "subscription");
  }

  @Test
  void healthNeedsNoToken() {
    assertThat(API.get("/health", null).status()).isEqualTo(200);
    ApiFixture.Response ready = API.get("/health/ready", null);
    assertThat(ready.status()).isEqualTo(200);
    assertThat(ready.json().get("database").asText()).isEqualTo("UP");
  }

  @Test
  void everyResponseCarriesARequestId() {
    ApiFixture.Response mine =
        API.get("/api/machines", ApiFixture.VIEWER, Map.of("X-Request-Id", "req-42"));
    ApiFixture.Response assigned = API.get("/api/machines", ApiFixture.VIEWER);

    assertThat(mine.header("X-Request-Id")).isEqualTo("req-42");
    assertThat(assigned.header("X-Request-Id")).isNotBlank();
  }

  @Test
  void anUnknownPathIsAProblemToo() {
    ApiFixture.Response response = API.get("/api/nothing-here", ApiFixture.VIEWER);

    assertThat(response.status()).isEqualTo(404);
    assertThat(response.header("Content-Type")).startsWith("application/problem+json");
  }
}
