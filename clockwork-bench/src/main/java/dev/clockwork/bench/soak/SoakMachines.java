package dev.clockwork.bench.soak;

import dev.clockwork.core.behavior.ActionScope;
import dev.clockwork.core.definition.Machine;
import dev.clockwork.core.definition.MachineDefinition;
import dev.clockwork.core.time.Timer;
import java.time.Duration;
import java.util.Map;

/** The soak's two machines: tickets that finish, and subscriptions that never do. */
final class SoakMachines {
  static final String TICKET = "ticket";
  static final String SUBSCRIPTION = "subscription";
  static final String STEP = "STEP";
  static final String EXPIRE = "EXPIRE";
  static final String RENEW = "RENEW";

  /** STEPs a ticket takes before it waits for its timer. */
  static final int STEPS = 3;

  /** The context key counting what a ticket or a subscription applied. */
  static final String COUNT = "count";

  private SoakMachines() {}

  /**
   * open -STEP→ working -STEP→ checking -STEP→ waiting -EXPIRE (after {@code wait})→ closed
   * (final): each STEP writes the context and a history row; the ticket then waits for a one-shot
   * timer and finishes, so the retention of finished instances has something to remove.
   */
  static MachineDefinition ticket(Duration wait) {
    return Machine.define(TICKET)
        .context(Map.of(COUNT, 0L))
        .initial("open")
        .state("open", s -> s.on(STEP, t -> t.to("working").action(SoakMachines::count)))
        .state("working", s -> s.on(STEP, t -> t.to("checking").action(SoakMachines::count)))
        .state("checking", s -> s.on(STEP, t -> t.to("waiting").action(SoakMachines::count)))
        .state("waiting", s -> s.on(EXPIRE, t -> t.to("closed").after(Timer.of(wait))))
        .finalState("closed")
        .build();
  }

  /**
   * active, renewed {@code every} interval for ever (an internal transition that counts): the
   * history of a running instance grows with every fire, so history trimming has something to do.
   */
  static MachineDefinition subscription(Duration every) {
    return Machine.define(SUBSCRIPTION)
        .context(Map.of(COUNT, 0L))
        .initial("active")
        .state(
            "active", s -> s.on(RENEW, t -> t.every(Timer.of(every)).action(SoakMachines::count)))
        .build();
  }

  private static void count(ActionScope scope) {
    scope.set(COUNT, scope.context().getLong(COUNT, 0) + 1);
  }
}
