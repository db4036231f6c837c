package dev.clockwork.server.ops;

import dev.clockwork.core.behavior.ActionScope;
import dev.clockwork.core.definition.Machine;
import dev.clockwork.core.definition.MachineDefinition;
import dev.clockwork.core.time.Timer;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * The machine the operations tests drive: {@code A} is recorded in the context's {@code seen} list,
 * {@code REFUSE} fails as a business failure (a dead letter at once), {@code CHARGE} succeeds only
 * while {@link #GATEWAY_UP}; state {@code open} arms a reminder after 10 minutes and a close after
 * 2 hours.
 */
final class LedgerMachine {
  static final AtomicBoolean GATEWAY_UP = new AtomicBoolean(true);

  static final MachineDefinition LEDGER = named("ledger");

  /** The same machine under another name. */
  static MachineDefinition named(String id) {
    return Machine.define(id)
        .initial("open")
        .state(
            "open",
            s ->
                s.on("A", t -> t.action(LedgerMachine::record))
                    .on(
                        "CHARGE",
                        t ->
                            t.action(
                                x -> {
                                  if (!GATEWAY_UP.get()) {
                                    x.fail("GATEWAY_DOWN", "the payment gateway is down");
                                  }
                                  record(x);
                                }))
                    .on("REFUSE", t -> t.action(x -> x.fail("CART_EMPTY", "nothing to check")))
                    .on("REMIND", t -> t.action(LedgerMachine::record).after(Timer.minutes(10)))
                    .on("CLOSE", t -> t.to("closed").after(Timer.hours(2))))
        .state("closed")
        .build();
  }

  private LedgerMachine() {}

  /** The event types {@code A} and friends recorded, in order. */
  @SuppressWarnings("unchecked")
  static List<Object> seen(dev.clockwork.runtime.Engine engine, String id) {
    Object seen = engine.instances().get(id).context().get("seen");
    return seen == null ? List.of() : (List<Object>) seen;
  }

  private static void record(ActionScope scope) {
    @SuppressWarnings("unchecked")
    List<Object> seen = (List<Object>) scope.context().get("seen");
    List<Object> next = seen == null ? new ArrayList<>() : new ArrayList<>(seen);
    next.add(scope.event().type());
    scope.set("seen", next);
  }
}
