package dev.clockwork.examples.durable;

import dev.clockwork.core.event.Event;
import dev.clockwork.examples.order.OrderMachine;
import dev.clockwork.postgres.PostgresStore;
import dev.clockwork.runtime.Engine;
import dev.clockwork.runtime.Instance;
import java.util.function.Consumer;

/** The README's PostgreSQL quick start: a durable engine with workers. */
public final class DurableQuickstart {
  private DurableQuickstart() {}

  /**
   * Runs the snippet against a database, handing the running engine and instance to {@code
   * whileRunning}.
   */
  public static void run(
      String url, String user, String password, Consumer<Instance> whileRunning) {
    // snippet:start durable
    try (PostgresStore store =
            PostgresStore.builder().url(url).user(user).password(password).build(); // migrates
        Engine engine =
            Engine.builder().store(store).register(OrderMachine.definition()).build().start()) {
      Instance order = engine.create("order");
      engine.enqueue(order.id(), Event.of("SUBMIT")); // durable when this returns
      // ... 16 worker threads run due events and timers, in parallel, until close()
      whileRunning.accept(order);
    }
    // snippet:end durable
  }
}
