package dev.clockwork.server.callback;

import static org.assertj.core.api.Assertions.assertThat;

import dev.clockwork.core.event.Event;
import dev.clockwork.runtime.queue.EventRequest;
import dev.clockwork.runtime.queue.EventStatus;
import dev.clockwork.runtime.queue.Priority;
import dev.clockwork.runtime.queue.QueuedEvent;
import dev.clockwork.runtime.store.callback.NewCallback;
import dev.clockwork.runtime.store.callback.StoredCallback;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * A callback is stored before its event is queued; a request that stopped in between (a crash)
 * leaves it without an event id. After a grace period the worker queues the event again with the
 * same idempotency key, so the callback is bound to exactly one event and delivered, never lost.
 */
class RecoveryTest {
  private final CallbackFixture fixture = new CallbackFixture();
  private final Receiver receiver = new Receiver();
  private final Callbacks callbacks =
      new Callbacks(fixture.engine, fixture.options(receiver, b -> b));

  @AfterEach
  void close() {
    receiver.close();
    fixture.close();
  }

  private NewCallback registration(String id, String key) {
    return new NewCallback(
        id,
        key,
        "GO",
        Map.of("n", 1),
        Priority.NORMAL,
        receiver.url("/late"),
        "otto",
        fixture.clock.instant());
  }

  @Test
  void aCrashAfterTheEnqueueBindsTheCallbackToTheQueuedEventWithoutQueueingAnother() {
    String id = fixture.job("crash-after");
    fixture.callbackStore.register(registration(id, "key-1"));
    QueuedEvent queued =
        fixture.engine.enqueue(
            EventRequest.to(id, Event.of("GO", Map.of("n", 1))).idempotencyKey("key-1"));
    // the server stops here: the callback never learnt its event id

    fixture.clock.advance(Recovery.GRACE.minusSeconds(1));
    callbacks.runDue();
    assertThat(fixture.callbackStore.forEvent(id, queued.id()))
        .as("not repaired while a request could still be binding it")
        .isEmpty();

    fixture.clock.advance(Duration.ofSeconds(1));
    callbacks.runDue();
    assertThat(fixture.callbackStore.forEvent(id, queued.id())).hasSize(1);
    assertThat(fixture.engine.runDue()).as("the event was not queued a second time").isEqualTo(1);
    callbacks.runDue();

    assertThat(receiver.requests()).hasSize(1);
    assertThat(callbacks.deliveries(id, queued.id()).get(0).outcome()).isEqualTo("delivered");
  }

  @Test
  void aCrashBeforeTheEnqueueQueuesTheEventOnceAndDeliversItsOutcome() {
    String id = fixture.job("crash-before");
    StoredCallback stored = fixture.callbackStore.register(registration(id, "key-2"));
    // the server stops here: the event was never queued

    fixture.clock.advance(Recovery.GRACE);
    callbacks.runDue();

    Object eventId =
        fixture.database.single("SELECT event_id FROM cw_callbacks WHERE id = ?", stored.id());
    assertThat(eventId).as("bound to the event it queued").isNotNull();
    EventStatus status = fixture.engine.instances().event(id, (Long) eventId);
    assertThat(status.state()).isEqualTo(EventStatus.State.PENDING);

    fixture.engine.runDue();
    callbacks.runDue();

    assertThat(fixture.engine.instances().get(id).states()).containsExactly("done");
    assertThat(receiver.requests()).hasSize(1);
    assertThat(receiver.requests().get(0).body()).contains("\"outcome\":\"applied\"");
  }
}
