package dev.clockwork.examples.queues;

import dev.clockwork.core.definition.Machine;
import dev.clockwork.core.definition.MachineDefinition;
import dev.clockwork.core.event.Event;
import dev.clockwork.runtime.Engine;
import dev.clockwork.runtime.config.Settings;
import dev.clockwork.runtime.health.HealthReport;
import dev.clockwork.runtime.instance.NewInstance;
import dev.clockwork.runtime.queue.EventRequest;
import dev.clockwork.runtime.queue.Priority;
import java.time.Clock;
import java.util.Map;

/** The README's queue example: configuration, a business failure, priorities, operations. */
public final class QueueSetup {
  private QueueSetup() {}

  // snippet:start queue-config
  static final String CLOCKWORK_YAML =
      """
      system: e-commerce
      queue:
        concurrency: 10        # instances of one machine processed at once, on all nodes
        timeout: 30 seconds
        retry:
          max_attempts: 3
          backoff: exponential # 1 s, 2 s, 4 s … up to max_delay
      machines:
        checkout:
          queue:
            strategy: priority
            concurrency: 5
      """;

  // snippet:end queue-config

  /** Runs the snippet and returns the health report it ends with. */
  public static HealthReport run(Clock clock) {
    // snippet:start queues
    MachineDefinition checkout =
        Machine.define("checkout")
            .initial("cart")
            .state(
                "cart",
                s ->
                    s.on(
                            "CHECKOUT",
                            t ->
                                t.to("paying")
                                    .guard(x -> x.context().getLong("items", 0) > 0)
                                    .action(x -> {}))
                        .on("CHECKOUT_EMPTY", t -> t.action(x -> x.fail("CART_EMPTY", "no items"))))
            .state("paying")
            .build();
    Engine engine =
        Engine.builder()
            .clock(clock)
            .register(checkout)
            .config(Settings.parse(CLOCKWORK_YAML, "clockwork.yaml"))
            .build();
    engine.create(NewInstance.of("checkout").id("cart-1").input(Map.of("items", 2)));
    engine.create(NewInstance.of("checkout").id("cart-2"));
    // a high-priority event is served before normal heads
    engine.enqueue(EventRequest.to("cart-1", Event.of("CHECKOUT")).priority(Priority.HIGH));
    engine.enqueue("cart-2", Event.of("CHECKOUT_EMPTY")); // a business failure: no retries
    engine.runDue(); // or engine.start() for worker threads

    engine.admin().queues().deadLetters("checkout", 10); // [CHECKOUT_EMPTY on cart-2, CART_EMPTY]
    engine.admin().queues().pause("checkout"); // queued events are accepted, not processed
    engine.admin().queues().resume("checkout");
    return engine.admin().queues().health(); // WARNING once dead letters pass dlq_warning
    // snippet:end queues
  }
}
