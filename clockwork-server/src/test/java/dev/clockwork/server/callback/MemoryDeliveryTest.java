package dev.clockwork.server.callback;

import static org.assertj.core.api.Assertions.assertThat;

import dev.clockwork.core.event.Event;
import dev.clockwork.runtime.Engine;
import dev.clockwork.runtime.clock.VirtualClock;
import dev.clockwork.runtime.instance.NewInstance;
import dev.clockwork.runtime.queue.Priority;
import dev.clockwork.runtime.queue.QueuedEvent;
import dev.clockwork.runtime.store.memory.InMemoryStore;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** A server over an in-memory engine delivers callbacks kept by its in-memory store. */
class MemoryDeliveryTest {
  private final Receiver receiver = new Receiver();
  private final InMemoryStore store = new InMemoryStore();
  private final Engine engine =
      Engine.builder()
          .store(store)
          .clock(VirtualClock.at("2026-11-25T10:00:00Z"))
          .register(CallbackFixture.JOB)
          .build();

  @AfterEach
  void close() {
    engine.close();
    receiver.close();
  }

  @Test
  void anAppliedEventIsDeliveredOnce() {
    Callbacks callbacks =
        new Callbacks(
            engine,
            CallbackOptions.builder(store.callbacks())
                .secret(CallbackFixture.SECRET)
                .allowHttp(true)
                .allowHost(receiver.allowEntry())
                .build());
    engine.create(NewInstance.of("job").id("in-memory"));
    QueuedEvent go =
        callbacks.enqueue(
            "in-memory", Event.of("GO"), Priority.NORMAL, null, receiver.url("/m"), null);

    engine.runDue();
    callbacks.runDue();
    callbacks.runDue();

    assertThat(receiver.requests()).hasSize(1);
    assertThat(receiver.requests().get(0).body()).contains("\"outcome\":\"applied\"");
    assertThat(callbacks.deliveries("in-memory", go.id()))
        .singleElement()
        .satisfies(view -> assertThat(view.outcome()).isEqualTo("delivered"));
  }
}
