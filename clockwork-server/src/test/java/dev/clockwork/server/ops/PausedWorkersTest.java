package dev.clockwork.server.ops;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.clockwork.core.event.Event;
import dev.clockwork.runtime.instance.NewInstance;
import dev.clockwork.server.ApiFixture;
import java.time.Duration;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;

/**
 * Pausing through the API stops running workers: with the engine's workers started, an event to a
 * paused machine waits while an event sent after it to another machine is applied (a claim that
 * sees the later event sees the earlier one too, unless its queue is paused), and is applied once
 * the queue is resumed.
 */
class PausedWorkersTest {
  static final ApiFixture API =
      ApiFixture.start(
          b -> b.register(LedgerMachine.LEDGER).register(LedgerMachine.named("tally")));

  static {
    API.engine().start();
  }

  @AfterAll
  static void stop() {
    API.close();
  }

  @Test
  void runningWorkersLeaveAPausedQueueAloneUntilResumed() {
    API.engine().create(NewInstance.of("ledger").id("l-1"));
    API.engine().create(NewInstance.of("tally").id("t-1"));

    assertThat(API.post("/api/queues/ledger/pause", ApiFixture.OPERATOR, "").status())
        .isEqualTo(200);
    API.engine().enqueue("l-1", Event.of("A"));
    API.engine().enqueue("t-1", Event.of("A"));

    await()
        .atMost(Duration.ofSeconds(30))
        .until(() -> LedgerMachine.seen(API.engine(), "t-1").contains("A"));
    assertThat(LedgerMachine.seen(API.engine(), "l-1")).isEmpty();
    assertThat(API.get("/api/queues/ledger", ApiFixture.VIEWER).json().get("pending").asLong())
        .isEqualTo(1);

    assertThat(API.post("/api/queues/ledger/resume", ApiFixture.OPERATOR, "").status())
        .isEqualTo(200);

    await()
        .atMost(Duration.ofSeconds(30))
        .until(() -> LedgerMachine.seen(API.engine(), "l-1").contains("A"));
  }
}
