package dev.clockwork.core.behavior;

/**
 * Work done on entry to a state, on exit from it, or while a transition is taken. Actions write the
 * context and raise events through their scope; anything they throw fails the whole macrostep,
 * which leaves the instance as it was.
 */
@FunctionalInterface
public interface Action {
  void run(ActionScope scope);
}
