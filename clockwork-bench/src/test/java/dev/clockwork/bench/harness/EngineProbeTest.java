package dev.clockwork.bench.harness;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.clockwork.runtime.listener.ProcessedEvent;
import dev.clockwork.runtime.listener.ProcessedEvent.Outcome;
import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

class EngineProbeTest {
  private static ProcessedEvent event(Outcome outcome) {
    Instant now = Instant.parse("2026-11-28T00:00:00Z");
    return new ProcessedEvent(
        "i-1", "counter", 1, "STEP", "queue", 1, outcome, now, now, Duration.ZERO, now, null);
  }

  @Test
  void theWaiterIsWokenOnceAtTheTargetNotPerEvent() throws Exception {
    EngineProbe probe = new EngineProbe();
    AtomicReference<Thread> waiter = new AtomicReference<>();
    CompletableFuture<Long> reached =
        CompletableFuture.supplyAsync(
            () -> {
              waiter.set(Thread.currentThread());
              try {
                return probe.awaitSettled(5, Duration.ofMinutes(1));
              } catch (InterruptedException e) {
                throw new IllegalStateException(e);
              }
            });
    await()
        .until(() -> waiter.get() != null && waiter.get().getState() == Thread.State.TIMED_WAITING);

    for (int i = 0; i < 4; i++) {
      probe.eventProcessed(event(Outcome.APPLIED));
    }
    probe.eventProcessed(event(Outcome.RETRYING)); // not settled: no wake-up
    assertThat(probe.wakeUps()).isZero();
    assertThat(reached).isNotDone();

    probe.eventProcessed(event(Outcome.DEAD_LETTERED));
    assertThat(reached.get()).isPositive();
    for (int i = 0; i < 10; i++) {
      probe.eventProcessed(event(Outcome.APPLIED));
    }

    assertThat(probe.wakeUps()).isEqualTo(1);
    assertThat(probe.settled()).isEqualTo(15);
  }

  @Test
  void aTargetAlreadyReachedReturnsAtOnceWithoutAWakeUp() throws Exception {
    EngineProbe probe = new EngineProbe();
    for (int i = 0; i < 3; i++) {
      probe.eventProcessed(event(Outcome.APPLIED));
    }
    assertThat(probe.awaitSettled(3, Duration.ofMinutes(1))).isPositive();
    assertThat(probe.awaitSettled(4, Duration.ofMillis(1))).isEqualTo(-1);
    assertThat(probe.wakeUps()).isZero();
  }
}
