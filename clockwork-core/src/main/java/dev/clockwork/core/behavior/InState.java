package dev.clockwork.core.behavior;

import java.util.Objects;

/**
 * The SCXML {@code In(state)} guard: passes while the state at {@link #path()} is active. Made by
 * {@link Guard#in(String)}; the path is checked when the machine is built. A history state is never
 * active, so {@code in} of one never passes.
 */
public final class InState implements Guard {
  private final String path;

  InState(String path) {
    this.path = Objects.requireNonNull(path, "state path");
  }

  /** The dotted path (or unique name) of the state. */
  public String path() {
    return path;
  }

  @Override
  public boolean test(GuardScope scope) {
    return scope.in(path);
  }

  @Override
  public String toString() {
    return "In(" + path + ")";
  }
}
