package dev.clockwork.runtime;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.clockwork.core.definition.Machine;
import dev.clockwork.core.event.Event;
import dev.clockwork.runtime.clock.VirtualClock;
import dev.clockwork.runtime.error.UnknownInstanceException;
import dev.clockwork.runtime.instance.NewInstance;
import dev.clockwork.runtime.queue.QueuedEvent;
import dev.clockwork.runtime.store.InstanceRecord;
import dev.clockwork.runtime.store.InstanceStore;
import dev.clockwork.runtime.store.QueueStore;
import dev.clockwork.runtime.store.forwarding.ForwardingInstanceStore;
import dev.clockwork.runtime.store.forwarding.ForwardingQueueStore;
import dev.clockwork.runtime.store.forwarding.ForwardingStore;
import dev.clockwork.runtime.store.memory.InMemoryStore;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * {@code Engine.enqueue} reads an instance once, then enqueues to it in one store call, until the
 * store says the instance is gone.
 */
class EnqueueReadsTest {
  private final AtomicInteger reads = new AtomicInteger();
  private final AtomicBoolean gone = new AtomicBoolean();

  private final class WatchedStore extends ForwardingStore {
    WatchedStore() {
      super(new InMemoryStore());
    }

    @Override
    public InstanceStore instances() {
      return new ForwardingInstanceStore(super.instances()) {
        @Override
        public Optional<InstanceRecord> find(String instanceId) {
          reads.incrementAndGet();
          return super.find(instanceId);
        }
      };
    }

    @Override
    public QueueStore queue() {
      return new ForwardingQueueStore(super.queue()) {
        @Override
        public QueuedEvent enqueue(QueuedEvent event) {
          if (gone.get()) {
            throw new UnknownInstanceException(event.instanceId());
          }
          return super.enqueue(event);
        }
      };
    }
  }

  private final Engine engine =
      Engine.builder()
          .store(new WatchedStore())
          .clock(VirtualClock.at("2026-01-01T00:00:00Z"))
          .register(
              Machine.define("counter")
                  .initial("open")
                  .state("open", s -> s.on("TICK", t -> t.to("open")))
                  .build())
          .build();

  @Test
  void anInstanceIsReadOnceForManyEnqueuesAndAgainOnceTheStoreSaysItIsGone() {
    engine.create(NewInstance.of("counter").id("c-1"));
    reads.set(0);

    for (int i = 0; i < 5; i++) {
      engine.enqueue("c-1", Event.of("TICK"));
    }
    assertThat(reads).as("one read for five enqueues").hasValue(1);

    gone.set(true);
    assertThatThrownBy(() -> engine.enqueue("c-1", Event.of("TICK")))
        .isInstanceOf(UnknownInstanceException.class);
    gone.set(false);
    engine.enqueue("c-1", Event.of("TICK"));
    assertThat(reads).as("forgotten once the store refused it").hasValue(2);
  }
}
