package dev.clockwork.core.definition;

import dev.clockwork.core.InvalidDefinitionException;
import java.util.Locale;

/** The build-time rules of history states: where they may stand and what their default may do. */
final class Histories {
  private Histories() {}

  static void checkParent(StateNode parent, String where) {
    if (parent.parent == null) {
      throw new InvalidDefinitionException(
          where,
          "a history state belongs in a compound or parallel state, and the machine itself is"
              + " never left; move it into the state whose past it should restore");
    }
    if (parent.kind != StateKind.COMPOUND && parent.kind != StateKind.PARALLEL) {
      throw new InvalidDefinitionException(
          where,
          "a history state belongs in a compound or parallel state, but '"
              + parent.path
              + "' is "
              + parent.kind.name().toLowerCase(Locale.ROOT)
              + "; give it child states (and an initial) or move the history elsewhere");
    }
  }

  /** Compiles the default transition of {@code history}, if it declares one. */
  static void compileDefault(
      StateNode history, HistoryBuilder builder, String where, TransitionCompiler compiler) {
    if (builder.isEmpty()) {
      if (history.parent.initial == history) {
        throw new InvalidDefinitionException(
            where,
            "the history is the initial state of '"
                + history.parent.path
                + "', so it needs a default for the first entry; add h.to(\"<child state>\")");
      }
      return;
    }
    String path = where + ".target";
    if (!builder.guards.isEmpty()) {
      throw new InvalidDefinitionException(
          path,
          "a history default transition takes no guards (it is taken whenever nothing is"
              + " recorded); remove the guard, or guard the transitions that target the history");
    }
    if (builder.targets.isEmpty()) {
      throw new InvalidDefinitionException(
          path, "a history default transition needs a target; add .to(\"<child state>\")");
    }
    StateNode parent = history.parent;
    if (parent.kind == StateKind.COMPOUND && builder.targets.size() > 1) {
      throw new InvalidDefinitionException(
          path,
          "a history in the compound state '"
              + parent.path
              + "' has at most one default target (one child is active at a time); keep one of "
              + builder.targets);
    }
    TransitionDef transition = compiler.historyDefault(history, builder, path);
    for (StateNode target : transition.branch(0).targets()) {
      if (!target.isDescendantOf(parent) || target.kind == StateKind.HISTORY) {
        throw new InvalidDefinitionException(
            path,
            "the default target '"
                + target.path
                + "' must be a state inside '"
                + parent.path
                + "' (the history's parent), not a history state; choose one of "
                + parent.children.stream().map(StateNode::path).toList());
      }
    }
    history.historyDefault = transition;
  }
}
