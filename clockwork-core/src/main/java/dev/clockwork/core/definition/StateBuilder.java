package dev.clockwork.core.definition;

/** Declares one state; see {@link StatesBuilder} for everything a state can hold. */
public final class StateBuilder extends StatesBuilder<StateBuilder> {
  StateBuilder(String name, StateKind declaredKind) {
    super(name, declaredKind);
  }

  @Override
  StateBuilder self() {
    return this;
  }
}
