package dev.clockwork.runtime.listener;

import static org.assertj.core.api.Assertions.assertThat;

import dev.clockwork.core.definition.Machine;
import dev.clockwork.core.definition.MachineDefinition;
import dev.clockwork.core.event.Event;
import dev.clockwork.runtime.Engine;
import dev.clockwork.runtime.clock.VirtualClock;
import dev.clockwork.runtime.instance.NewInstance;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;

/** A listener added to a built engine hears enqueues and processed events until it is closed. */
class LateListenerTest {
  private static final MachineDefinition CART =
      Machine.define("cart")
          .initial("open")
          .state("open", s -> s.on("ADD", t -> t.action(x -> x.set("added", true))))
          .build();

  @Test
  void aLateListenerHearsEnqueuesAndProcessingUntilClosed() {
    Engine engine =
        Engine.builder().clock(VirtualClock.at("2026-01-01T00:00:00Z")).register(CART).build();
    engine.create(NewInstance.of("cart").id("c-1"));
    List<String> heard = new CopyOnWriteArrayList<>();
    Subscription subscription =
        engine.listen(
            new EngineListener() {
              @Override
              public void eventEnqueued(String namespace, String instanceId, String machine) {
                heard.add("enqueued " + machine + "/" + instanceId);
              }

              @Override
              public void eventProcessed(ProcessedEvent event) {
                heard.add("processed " + event.type());
              }
            });

    engine.enqueue("c-1", Event.of("ADD"));
    engine.runDue();
    subscription.close();
    engine.enqueue("c-1", Event.of("ADD"));
    engine.runDue();

    assertThat(heard).containsExactly("enqueued cart/c-1", "processed ADD");
  }
}
