package dev.clockwork.bench.machines;

import dev.clockwork.core.definition.Machine;
import dev.clockwork.core.definition.MachineBuilder;
import dev.clockwork.core.definition.MachineDefinition;
import dev.clockwork.core.definition.StateBuilder;
import java.util.Map;

/**
 * The benchmark machines as Clockwork definitions. {@link SpringMachines} and {@link
 * SquirrelMachines} declare the same machines in the other two frameworks.
 */
public final class ClockworkMachines {
  private ClockworkMachines() {}

  /** (a) off ⇄ on on {@code TOGGLE}. */
  public static MachineDefinition toggle() {
    return toggleStates(Machine.define("toggle")).build();
  }

  /**
   * (b) idle -SUBMIT→ awaiting_payment -PAY[amount &gt; 0]/paid=true,count+1→ paid -SHIP→ shipped
   * -RESET/paid=false→ idle, so the four events cycle forever.
   */
  public static MachineDefinition order() {
    return Machine.define("order")
        .context(Map.of(Orders.AMOUNT, Orders.INITIAL_AMOUNT, Orders.PAID, false, Orders.COUNT, 0L))
        .initial(Orders.IDLE)
        .state(Orders.IDLE, s -> s.on(Orders.SUBMIT, Orders.AWAITING_PAYMENT))
        .state(
            Orders.AWAITING_PAYMENT,
            s ->
                s.on(
                    Orders.PAY,
                    t ->
                        t.to(Orders.PAID_STATE)
                            .guard(scope -> scope.context().getLong(Orders.AMOUNT, 0) > 0)
                            .action(
                                scope -> {
                                  scope.set(Orders.PAID, true);
                                  scope.set(
                                      Orders.COUNT, scope.context().getLong(Orders.COUNT, 0) + 1);
                                })))
        .state(Orders.PAID_STATE, s -> s.on(Orders.SHIP, Orders.SHIPPED))
        .state(
            Orders.SHIPPED,
            s ->
                s.on(
                    Orders.RESET,
                    t -> t.to(Orders.IDLE).action(scope -> scope.set(Orders.PAID, false))))
        .build();
  }

  /** (c) a parallel state {@code p} whose three regions each flip a ⇄ b on {@code X}. */
  public static MachineDefinition parallel() {
    return Machine.define("parallel")
        .initial("p")
        .parallel(
            "p",
            p ->
                p.state("r1", ClockworkMachines::flip)
                    .state("r2", ClockworkMachines::flip)
                    .state("r3", ClockworkMachines::flip))
        .build();
  }

  /**
   * (e) the toggle of {@link #toggle()} next to {@code groups × perGroup} extra atomic states in
   * compound siblings; each extra state has transitions on {@code NEXT} and on {@code TOGGLE}, so a
   * step that looked at inactive states would show it. The active configuration stays {root,
   * off|on}, as in the small machine.
   */
  public static MachineDefinition largeToggle(int groups, int perGroup) {
    MachineBuilder machine = toggleStates(Machine.define("large-toggle"));
    for (int g = 0; g < groups; g++) {
      machine.state("group_" + g, group -> extraStates(group, perGroup));
    }
    return machine.build();
  }

  private static MachineBuilder toggleStates(MachineBuilder machine) {
    return machine
        .initial("off")
        .state("off", s -> s.on("TOGGLE", "on"))
        .state("on", s -> s.on("TOGGLE", "off"));
  }

  private static void flip(StateBuilder region) {
    region.initial("a").state("a", a -> a.on("X", "b")).state("b", b -> b.on("X", "a"));
  }

  private static void extraStates(StateBuilder group, int count) {
    group.initial("s_0");
    for (int i = 0; i < count; i++) {
      String next = "s_" + ((i + 1) % count);
      group.state("s_" + i, s -> s.on("NEXT", next).on("TOGGLE", next));
    }
  }
}
