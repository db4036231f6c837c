package dev.clockwork.server.ops;

import static org.assertj.core.api.Assertions.assertThat;

import dev.clockwork.core.event.Event;
import dev.clockwork.runtime.instance.NewInstance;
import dev.clockwork.server.ApiFixture;
import dev.clockwork.server.ClockworkServer;
import dev.clockwork.server.access.AccessPolicy;
import dev.clockwork.server.access.ApiToken;
import dev.clockwork.server.access.Role;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;

class MetricsRoutesTest {
  static final ApiFixture API = ApiFixture.start(b -> b.register(LedgerMachine.LEDGER));

  @AfterAll
  static void stop() {
    API.close();
  }

  @Test
  void servesTheQueueSeedsMetricsAsPrometheusText() {
    API.engine().create(NewInstance.of("ledger").id("m-1"));
    API.engine().enqueue("m-1", Event.of("A"));
    API.engine().enqueue("m-1", Event.of("REFUSE"));
    API.engine().runDue();
    API.engine().enqueue("m-1", Event.of("A"));

    ApiFixture.Response response = API.get("/metrics", ApiFixture.VIEWER);

    assertThat(response.status()).isEqualTo(200);
    assertThat(response.header("Content-Type")).startsWith("text/plain");
    assertThat(response.body())
        .contains("queue_pending{machine=\"ledger\"} 1.0")
        .contains("queue_dlq_size{machine=\"ledger\"} 1.0")
        .contains("queue_processing{machine=\"ledger\"}")
        .contains("queue_completed_total{machine=\"ledger\"} 1.0")
        .contains("queue_failed_total{machine=\"ledger\",outcome=\"dead_lettered\"} 1.0")
        .contains("queue_processing_time_seconds_count{machine=\"ledger\"} 1")
        .contains("queue_wait_time_seconds_bucket{machine=\"ledger\"");
  }

  @Test
  void aServerBuiltWithoutARegistryAnswers404SayingHowToGiveOne() throws Exception {
    try (ClockworkServer bare =
        ClockworkServer.builder(API.engine())
            .access(
                AccessPolicy.of(
                    List.of(ApiToken.ofSecret("v", "v-secret", Role.VIEWER, Set.of("*")))))
            .port(0)
            .start()) {
      HttpResponse<String> response =
          HttpClient.newHttpClient()
              .send(
                  HttpRequest.newBuilder(URI.create(bare.url() + "/metrics"))
                      .header("Authorization", "Bearer v-secret")
                      .build(),
                  HttpResponse.BodyHandlers.ofString());

      assertThat(response.statusCode()).isEqualTo(404);
      assertThat(response.body()).contains(".metrics(registry)");
    }
  }

  @Test
  void needsAToken() {
    assertThat(API.get("/metrics", null).status()).isEqualTo(401);
  }
}
