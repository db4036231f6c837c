package dev.clockwork.core.definition;

/**
 * Works out, once at build time, which state's descendants a branch exits and enters (the SCXML
 * transition domain), so the interpreter does not search for it on every event.
 */
final class Domains {
  private Domains() {}

  static void assign(Branch branch, StateNode source) {
    StateNode[] targets = branch.targets;
    if (targets.length == 0) {
      return;
    }
    if (targets.length == 1 && targets[0] == source) {
      branch.selfLoop = true;
      branch.domain = source.parent == null ? source : source.parent;
      return;
    }
    boolean allInside = source.kind == StateKind.COMPOUND;
    for (StateNode target : targets) {
      allInside &= target.isDescendantOf(source);
    }
    branch.domain = allInside ? source : commonCompoundAncestor(source, targets);
  }

  /** The nearest compound (or root) strict ancestor of {@code source} holding every target. */
  private static StateNode commonCompoundAncestor(StateNode source, StateNode[] targets) {
    for (StateNode candidate = source.parent; candidate != null; candidate = candidate.parent) {
      if (candidate.kind != StateKind.COMPOUND) {
        continue;
      }
      boolean holdsAll = true;
      for (StateNode target : targets) {
        holdsAll &= target.isDescendantOf(candidate);
      }
      if (holdsAll) {
        return candidate;
      }
    }
    throw new IllegalStateException("the root holds every state");
  }
}
