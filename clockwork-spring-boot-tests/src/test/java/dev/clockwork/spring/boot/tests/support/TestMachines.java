package dev.clockwork.spring.boot.tests.support;

import dev.clockwork.core.behavior.Behaviors;
import dev.clockwork.core.definition.Machine;
import dev.clockwork.core.definition.MachineDefinition;
import dev.clockwork.core.time.Timer;
import java.util.Map;

/** Machines whose behaviours are named, as the seeds write them, and resolved from beans. */
public final class TestMachines {
  private TestMachines() {}

  /** {@link #billing(Behaviors)} with behaviours that let every bill through and do nothing. */
  public static MachineDefinition billing() {
    return billing(
        Behaviors.builder()
            .guard("canBill", scope -> true)
            .action("processBillingAction", scope -> {})
            .action("explode", scope -> {})
            .build());
  }

  /**
   * {@code billing}: {@code BILL} runs the action {@code processBillingAction} when the guard
   * {@code canBill} passes; unpaid bills expire after one hour; {@code BREAK} fails for good.
   */
  public static MachineDefinition billing(Behaviors behaviors) {
    return Machine.define("billing")
        .behaviors(behaviors)
        .context(Map.of("billed", false))
        .initial("open")
        .state(
            "open",
            s ->
                s.on("BILL", t -> t.to("billed").guard("canBill").action("processBillingAction"))
                    .on("EXPIRE", t -> t.to("expired").after(Timer.hours(1)))
                    .on("BREAK", t -> t.to("broken").action("explode")))
        .finalState("billed")
        .finalState("expired")
        .finalState("broken")
        .build();
  }
}
