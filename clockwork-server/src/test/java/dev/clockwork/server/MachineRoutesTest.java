package dev.clockwork.server;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;

class MachineRoutesTest {
  static final ApiFixture API = ApiFixture.start();

  @AfterAll
  static void stop() {
    API.close();
  }

  @Test
  void describesAMachine() {
    ApiFixture.Response response = API.get("/api/machines/order", ApiFixture.VIEWER);

    assertThat(response.status()).isEqualTo(200);
    assertThat(response.json().get("id").asText()).isEqualTo("order");
    assertThat(response.json().get("version").asInt()).isPositive();
    assertThat(response.json().get("events").toString()).contains("SUBMIT");
    assertThat(response.json().get("states").findValuesAsText("path")).contains("awaiting_payment");
  }

  @Test
  void anUnknownMachineIs404NamingTheKnownOnes() {
    ApiFixture.Response response = API.get("/api/machines/ordr", ApiFixture.VIEWER);

    assertThat(response.status()).isEqualTo(404);
    assertThat(response.json().get("detail").asText()).contains("ordr").contains("order");
  }

  @Test
  void drawsTheMachineAsMermaid() {
    ApiFixture.Response response = API.get("/api/machines/order/diagram", ApiFixture.VIEWER);

    assertThat(response.status()).isEqualTo(200);
    assertThat(response.header("Content-Type")).startsWith("text/vnd.mermaid");
    assertThat(response.body()).startsWith("stateDiagram-v2").contains("awaiting_payment");
  }
}
