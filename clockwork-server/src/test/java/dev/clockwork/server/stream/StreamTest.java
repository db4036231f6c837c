package dev.clockwork.server.stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import dev.clockwork.core.event.Event;
import dev.clockwork.runtime.instance.NewInstance;
import dev.clockwork.server.ApiFixture;
import dev.clockwork.server.SseReader;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * {@code GET /api/stream}: the queues array at once, then again (with the changed instances) when
 * events are enqueued or processed, coalesced to at most one push per 500 ms; what no listener
 * hears of (a pause) comes with the periodic refresh.
 */
class StreamTest {
  static final ApiFixture API = ApiFixture.start();

  private SseReader reader;

  @AfterAll
  static void stop() {
    API.close();
  }

  @BeforeEach
  void connect() {
    API.reset();
    reader = new SseReader(API.url(), ApiFixture.VIEWER);
  }

  @AfterEach
  void disconnect() {
    reader.close();
  }

  @Test
  void theQueuesComeAtOnceThenAfterEachEnqueueWithTheChangedInstance() {
    await().atMost(Duration.ofSeconds(10)).until(() -> !queueEvents().isEmpty());
    API.engine().create(NewInstance.of("order").id("o-stream"));

    API.engine().enqueue("o-stream", Event.of("SUBMIT"));

    await().atMost(Duration.ofSeconds(10)).until(() -> pending("order") == 1);
    await().atMost(Duration.ofSeconds(10)).until(() -> instanceIds().contains("o-stream"));
    API.engine().runDue();
    await().atMost(Duration.ofSeconds(10)).until(() -> pending("order") == 0);
  }

  @Test
  void aBurstOfEnqueuesIsCoalescedToAtMostOnePushPerInterval() {
    await().atMost(Duration.ofSeconds(10)).until(() -> !queueEvents().isEmpty());
    API.engine().create(NewInstance.of("order").id("o-burst"));
    int before = queueEvents().size();

    long started = System.nanoTime();
    for (int i = 0; i < 40; i++) {
      API.engine().enqueue("o-burst", Event.of("SUBMIT"));
    }
    await().atMost(Duration.ofSeconds(10)).until(() -> pending("order") == 40);
    long elapsedMillis = Duration.ofNanos(System.nanoTime() - started).toMillis();

    int pushes = queueEvents().size() - before;
    assertThat(pushes).isLessThanOrEqualTo((int) (elapsedMillis / 500) + 2).isLessThan(40);
  }

  @Test
  void aChangeNoListenerHearsOfArrivesWithTheNextRefresh() {
    await().atMost(Duration.ofSeconds(10)).until(() -> !queueEvents().isEmpty());
    assertThat(paused("order")).isFalse();

    API.engine().admin().queues().pause("order");

    await().atMost(LiveStream.REFRESH.plusSeconds(5)).until(() -> paused("order"));
    API.engine().admin().queues().resume("order");
  }

  @Test
  void theStreamNeedsAToken() {
    assertThat(API.get("/api/stream", null).status()).isEqualTo(401);
  }

  private List<JsonNode> queueEvents() {
    return reader.data("queues");
  }

  private List<String> instanceIds() {
    return reader.instanceIds();
  }

  private boolean paused(String machine) {
    List<JsonNode> queues = queueEvents();
    for (JsonNode queue : queues.get(queues.size() - 1)) {
      if (queue.get("machine").asText().equals(machine)) {
        return queue.get("paused").asBoolean();
      }
    }
    return false;
  }

  private long pending(String machine) {
    List<JsonNode> queues = queueEvents();
    if (queues.isEmpty()) {
      return -1;
    }
    for (JsonNode queue : queues.get(queues.size() - 1)) {
      if (queue.get("machine").asText().equals(machine)) {
        return queue.get("pending").asLong();
      }
    }
    return 0;
  }
}
