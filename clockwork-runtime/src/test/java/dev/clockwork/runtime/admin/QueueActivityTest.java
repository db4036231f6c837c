package dev.clockwork.runtime.admin;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.clockwork.core.definition.Machine;
import dev.clockwork.core.definition.MachineDefinition;
import dev.clockwork.core.event.Event;
import dev.clockwork.runtime.Engine;
import dev.clockwork.runtime.clock.VirtualClock;
import dev.clockwork.runtime.instance.NewInstance;
import dev.clockwork.runtime.store.QueueActivity;
import dev.clockwork.runtime.store.memory.InMemoryStore;
import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;

/**
 * What an engine processed reaches the store's activity minutes when it flushes (every few seconds,
 * and when it closes): counted once, queued events and timer fires only, readable from another
 * process (the CLI) through its own admin.
 */
class QueueActivityTest {
  private static final MachineDefinition CART =
      Machine.define("cart")
          .initial("open")
          .state(
              "open",
              s ->
                  s.on("ADD", t -> t.action(x -> {}))
                      .on("CHECKOUT", t -> t.action(x -> x.fail("CART_EMPTY", "no items"))))
          .build();

  private final VirtualClock clock = VirtualClock.at("2026-01-01T00:00:00Z");
  private final InMemoryStore store = new InMemoryStore();
  private final Engine engine = Engine.builder().store(store).clock(clock).register(CART).build();

  /** An admin of another process on the same store: it sees only what was flushed. */
  private QueueActivity seenElsewhere(Duration window) {
    return new QueueAdmin(store, clock, m -> engine.settings().queue(m), new ProcessingTimes())
        .activity("cart", window);
  }

  private void processTwoAppliedAndOneDeadLettered() {
    engine.create(NewInstance.of("cart").id("cart-1"));
    engine.enqueue("cart-1", Event.of("ADD"));
    engine.enqueue("cart-1", Event.of("ADD"));
    engine.enqueue("cart-1", Event.of("CHECKOUT"));
    assertThat(engine.runDue()).isEqualTo(3);
  }

  @Test
  void theEngineSeesItsOwnCountsAtOnceAndOthersOnceFlushed() {
    processTwoAppliedAndOneDeadLettered();

    QueueActivity own = engine.admin().queues().activity("cart", Duration.ofHours(1));
    assertThat(own.completed()).isEqualTo(2);
    assertThat(own.processed()).isEqualTo(3);
    assertThat(seenElsewhere(Duration.ofHours(1)).processed()).isZero();

    engine.admin().queues().flushActivity();

    assertThat(seenElsewhere(Duration.ofHours(1)).completed()).isEqualTo(2);
    assertThat(seenElsewhere(Duration.ofHours(1)).processed()).isEqualTo(3);
    assertThat(engine.admin().queues().activity("cart", Duration.ofHours(1)).completed())
        .as("flushed counts are not counted twice")
        .isEqualTo(2);
    assertThat(seenElsewhere(Duration.ofHours(1)).averageProcessingTime()).isNotNull();
  }

  @Test
  void runningWorkersFlushEveryFewSecondsWithoutClosing() {
    engine.create(NewInstance.of("cart").id("cart-1"));
    engine.start();
    try {
      engine.enqueue("cart-1", Event.of("ADD"));
      // the first flush runs as the workers start; the next one, 10 s later, carries the event
      await()
          .atMost(Duration.ofSeconds(30))
          .until(() -> seenElsewhere(Duration.ofHours(1)).completed() == 1);
    } finally {
      engine.close();
    }
  }

  @Test
  void closingTheEngineFlushes() {
    processTwoAppliedAndOneDeadLettered();
    engine.close();
    assertThat(seenElsewhere(Duration.ofHours(1)).completed()).isEqualTo(2);
  }

  @Test
  void directSendsAreNotQueueActivity() {
    engine.create(NewInstance.of("cart").id("cart-1"));
    engine.send("cart-1", Event.of("ADD"));
    engine.admin().queues().flushActivity();
    assertThat(seenElsewhere(Duration.ofHours(1)).processed()).isZero();
  }

  @Test
  void aWindowCountsItsMinutesOnlyAndOldMinutesArePurged() {
    processTwoAppliedAndOneDeadLettered();
    engine.admin().queues().flushActivity();

    clock.advance(Duration.ofMinutes(10));
    assertThat(seenElsewhere(Duration.ofMinutes(5)).completed()).isZero();
    assertThat(seenElsewhere(Duration.ofHours(1)).completed()).isEqualTo(2);
    QueueActivity hour = seenElsewhere(Duration.ofHours(1));
    assertThat(hour.from()).isEqualTo(Instant.parse("2025-12-31T23:10:00Z"));
    assertThat(hour.completedPerSecond()).isEqualTo(2 / 3600.0);

    clock.advance(QueueAdmin.ACTIVITY_RETENTION);
    engine.admin().queues().flushActivity();
    assertThat(store.activity().sum("cart", Instant.EPOCH, clock.instant()).completed())
        .as("purged after the retention")
        .isZero();
  }
}
