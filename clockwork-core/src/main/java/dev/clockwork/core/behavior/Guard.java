package dev.clockwork.core.behavior;

/** A condition on a transition, evaluated when the event arrives (for timers: when they fire). */
@FunctionalInterface
public interface Guard {
  boolean test(GuardScope scope);
}
