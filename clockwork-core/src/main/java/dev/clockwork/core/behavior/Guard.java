package dev.clockwork.core.behavior;

/** A condition on a transition, evaluated when the event arrives (for timers: when they fire). */
@FunctionalInterface
public interface Guard {
  boolean test(GuardScope scope);

  /**
   * Passes while the state at {@code statePath} (a dotted path or unique name) is active, as
   * SCXML's {@code In()}: {@code on("SHIP", t ->
   * t.guard(Guard.in("payment.captured")).to("shipped"))}.
   */
  static InState in(String statePath) {
    return new InState(statePath);
  }
}
