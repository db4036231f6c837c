package dev.clockwork.server.instance;

import static org.assertj.core.api.Assertions.assertThat;

import dev.clockwork.postgres.PostgresStore;
import dev.clockwork.runtime.instance.NewInstance;
import dev.clockwork.runtime.store.Claim;
import dev.clockwork.server.ApiFixture;
import dev.clockwork.server.ApiFixture.Response;
import java.time.Duration;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;

/** A sync send to an instance another node holds for longer than the lock timeout. */
class BusyInstanceTest {
  static final ApiFixture API =
      ApiFixture.start(
          b ->
              b.register(TabMachine.definition())
                  .settings(s -> s.workers(w -> w.lockTimeout(Duration.ofMillis(50)))));

  @AfterAll
  static void stop() {
    API.close();
  }

  @Test
  void isAnswered503WithRetryAfterAndAppliesNothing() {
    API.engine().create(NewInstance.of("tab").id("tab-1"));
    try (PostgresStore otherNode = PostgresStore.on(API.database().dataSource())) {
      Claim held =
          otherNode
              .work()
              .lease("tab-1", "other-node", Duration.ofHours(1), API.clock().instant())
              .orElseThrow();

      Response busy =
          API.post("/api/instances/tab-1/events", ApiFixture.OPERATOR, "{\"type\": \"CLOSE\"}");

      assertThat(busy.status()).isEqualTo(503);
      assertThat(busy.header("Retry-After")).isEqualTo("1");
      assertThat(busy.json().get("detail").asText()).contains("tab-1").contains("busy");
      otherNode.work().release(held.lease());
    }
    assertThat(API.engine().instances().get("tab-1").states()).containsExactly("open");
    assertThat(
            API.post("/api/instances/tab-1/events", ApiFixture.OPERATOR, "{\"type\": \"CLOSE\"}")
                .status())
        .isEqualTo(200);
  }
}
