package dev.clockwork.server.ops;

import static org.assertj.core.api.Assertions.assertThat;

import dev.clockwork.core.event.Event;
import dev.clockwork.server.ApiFixture;
import java.util.Map;
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
    API.engine().create("ledger", "m-1", Map.of());
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
  void needsAToken() {
    assertThat(API.get("/metrics", null).status()).isEqualTo(401);
  }
}
