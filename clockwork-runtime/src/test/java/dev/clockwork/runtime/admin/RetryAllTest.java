package dev.clockwork.runtime.admin;

import static org.assertj.core.api.Assertions.assertThat;

import dev.clockwork.core.definition.Machine;
import dev.clockwork.core.definition.MachineDefinition;
import dev.clockwork.core.event.Event;
import dev.clockwork.runtime.Engine;
import dev.clockwork.runtime.clock.VirtualClock;
import dev.clockwork.runtime.instance.NewInstance;
import dev.clockwork.runtime.queue.Backoff;
import dev.clockwork.runtime.queue.DeadLetter;
import dev.clockwork.runtime.queue.QueuedEvent;
import dev.clockwork.runtime.queue.RetryPolicy;
import dev.clockwork.runtime.store.QueueAdminStore;
import dev.clockwork.runtime.store.Store;
import dev.clockwork.runtime.store.forwarding.ForwardingQueueAdminStore;
import dev.clockwork.runtime.store.forwarding.ForwardingStore;
import dev.clockwork.runtime.store.memory.InMemoryStore;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

/**
 * "Retry every dead letter" puts back the letters that were there when it was called, once each,
 * even when what it puts back fails for good again while it runs (as a worker would make it).
 */
class RetryAllTest {
  private static final MachineDefinition POISONED =
      Machine.define("poisoned")
          .initial("idle")
          .state(
              "idle",
              s ->
                  s.on(
                      "POISON",
                      t ->
                          t.action(
                              x -> {
                                throw new IllegalStateException("always fails");
                              })))
          .build();

  @Test
  void eachLetterIsRetriedOnceEvenWhenItFailsAgainDuringTheCall() {
    AtomicReference<Engine> engine = new AtomicReference<>();
    AtomicInteger retries = new AtomicInteger();
    InMemoryStore memory = new InMemoryStore();
    // after each retry, process what is due at once: the retried event dies again, as a newer
    // letter
    QueueAdminStore queueAdmin =
        new ForwardingQueueAdminStore(memory.queueAdmin()) {
          @Override
          public Optional<QueuedEvent> retryDeadLetter(long id, Instant availableAt) {
            Optional<QueuedEvent> result = super.retryDeadLetter(id, availableAt);
            if (retries.incrementAndGet() > 100) {
              throw new AssertionError("retryAll keeps retrying what failed again");
            }
            engine.get().runDue();
            return result;
          }
        };
    Store store =
        new ForwardingStore(memory) {
          @Override
          public QueueAdminStore queueAdmin() {
            return queueAdmin;
          }
        };
    engine.set(
        Engine.builder()
            .store(store)
            .clock(VirtualClock.at("2026-07-01T10:00:00Z"))
            .register(POISONED)
            .settings(s -> s.queue(q -> q.retry(new RetryPolicy(1, Backoff.linear(Duration.ZERO)))))
            .build());
    for (int i = 0; i < 3; i++) {
      engine.get().create(NewInstance.of("poisoned").id("p-" + i));
      engine.get().enqueue("p-" + i, Event.of("POISON"));
    }
    engine.get().runDue();
    List<Long> before =
        engine.get().admin().queues().deadLetters("poisoned", 10).stream()
            .map(DeadLetter::id)
            .toList();
    assertThat(before).hasSize(3);

    int retried = engine.get().admin().queues().retryAll("poisoned", Duration.ZERO);

    assertThat(retried).isEqualTo(3);
    assertThat(retries.get()).isEqualTo(3);
    List<DeadLetter> after = engine.get().admin().queues().deadLetters("poisoned", 10);
    assertThat(after).hasSize(3).extracting(DeadLetter::id).doesNotContainAnyElementsOf(before);
  }
}
