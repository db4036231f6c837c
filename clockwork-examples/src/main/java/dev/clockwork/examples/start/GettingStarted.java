package dev.clockwork.examples.start;

import dev.clockwork.core.event.Event;
import dev.clockwork.examples.order.OrderMachine;
import dev.clockwork.runtime.Engine;
import dev.clockwork.runtime.Instance;

/** The README's "Getting started": create an instance, send it an event, fire due timers. */
public final class GettingStarted {
  private GettingStarted() {}

  /** Runs the snippet and returns the order's states. */
  public static Instance run() {
    // snippet:start getting-started
    Engine engine = Engine.builder().register(OrderMachine.definition()).build();
    Instance order = engine.create("order");
    engine.send(order.id(), Event.of("SUBMIT"));
    engine.runDue(); // or engine.start(): each due timer fires as its own event
    // snippet:end getting-started
    return engine.instances().get(order.id());
  }
}
