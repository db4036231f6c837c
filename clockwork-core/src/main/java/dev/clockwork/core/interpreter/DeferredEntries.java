package dev.clockwork.core.interpreter;

import dev.clockwork.core.definition.StateNode;
import java.util.ArrayList;
import java.util.List;

/**
 * The state entries of one step whose entry actions parallel dispatch handed to a job instead of
 * running them. When the step itself leaves such a state, or ends the instance, no job will run
 * them, so the step runs them after all, as it would have without dispatch.
 */
final class DeferredEntries {
  private final List<ActiveState> entries = new ArrayList<>(2);

  void add(ActiveState entry) {
    entries.add(entry);
  }

  /** Runs the entry actions of {@code entry} if they were deferred (once). */
  void runIfDeferred(ActiveState entry, Macrostep scope) {
    if (entry != null && entries.remove(entry)) {
      StateNode state = entry.state();
      for (int a = 0; a < state.entryActionCount(); a++) {
        try {
          state.entryAction(a).run(scope);
        } catch (RuntimeException e) {
          throw scope.failedAt(ActionSite.entry(state, a), e);
        }
      }
    }
  }

  /** Runs every deferred entry's actions, in the order they were deferred. */
  void runAll(Macrostep scope) {
    for (ActiveState entry : List.copyOf(entries)) {
      runIfDeferred(entry, scope);
    }
  }
}
