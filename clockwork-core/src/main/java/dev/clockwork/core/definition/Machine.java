package dev.clockwork.core.definition;

/**
 * Entry point of the definition API.
 *
 * <pre>{@code
 * MachineDefinition order = Machine.define("order")
 *     .initial("awaiting_payment")
 *     .state("awaiting_payment", s -> s
 *         .on("PAY", "paid")
 *         .on("ORDER_EXPIRED", t -> t.to("cancelled").after(Timer.days(7))))
 *     .finalState("paid")
 *     .finalState("cancelled")
 *     .build();
 * }</pre>
 */
public final class Machine {
  private Machine() {}

  /** Starts the definition of a machine; {@code id} names it in errors, history and stores. */
  public static MachineBuilder define(String id) {
    return new MachineBuilder(id);
  }
}
