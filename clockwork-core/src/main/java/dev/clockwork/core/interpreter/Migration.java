package dev.clockwork.core.interpreter;

import dev.clockwork.core.definition.MachineDefinition;
import dev.clockwork.core.definition.StateKind;
import dev.clockwork.core.definition.StateNode;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Moves a snapshot onto another version of its machine through a {@link StateMapping}: each active
 * state becomes its mapped state with its entry (id and instant) kept, new enclosing states and a
 * compound state's initial child are entered now (no entry actions run), timers follow their state
 * (a timer the target lacks is cancelled) and are re-armed by the target's definitions, anchored on
 * the kept entries. The context is kept as it is.
 */
final class Migration {
  private Migration() {}

  static Snapshot migrate(
      Snapshot snapshot, MachineDefinition target, StateMapping mapping, Instant now) {
    Map<String, ActiveState> moved = new LinkedHashMap<>();
    List<String> unmapped = new ArrayList<>();
    for (ActiveState active : snapshot.activeStates()) {
      if (active.path().isEmpty()) {
        continue;
      }
      String to = mapping.map(active.path());
      Optional<StateNode> state = target.find(to).filter(s -> s.path().equals(to));
      if (state.isEmpty()) {
        unmapped.add(active.path());
        continue;
      }
      moved.putIfAbsent(to, new ActiveState(state.get(), active.entryId(), active.enteredAt()));
    }
    if (!unmapped.isEmpty()) {
      throw new UnmappedStatesException(
          unmapped,
          "version "
              + target.version()
              + " has no state for "
              + unmapped
              + "; map each with old.path=new.path");
    }
    long[] lastEntry = {snapshot.lastEntryId()};
    Map<String, ActiveState> complete = new LinkedHashMap<>();
    complete.put(
        "", new ActiveState(target.root(), rootEntry(snapshot), rootEntered(snapshot, now)));
    for (ActiveState state : moved.values()) {
      addWithAncestors(state, complete, lastEntry, now);
    }
    for (ActiveState state : List.copyOf(complete.values())) {
      enterDefaults(state.state(), complete, lastEntry, now);
    }
    checkConsistent(complete, snapshot);
    List<ArmedTimer> timers = new ArrayList<>();
    for (ArmedTimer timer : snapshot.timers()) {
      String to = mapping.map(timer.statePath()) + timer.key().substring(timer.key().indexOf('#'));
      ActiveState owner = complete.get(mapping.map(timer.statePath()));
      if (target.timer(to).isPresent() && owner != null && owner.entryId() == timer.entryId()) {
        timers.add(
            new ArmedTimer(
                to,
                timer.event(),
                timer.entryId(),
                timer.enteredAt(),
                timer.due(),
                timer.fires(),
                timer.thenPhase(),
                timer.value(),
                timer.failed()));
      }
    }
    return Snapshot.restore(
        target,
        new ArrayList<>(complete.values()),
        snapshot.context(),
        timers,
        lastEntry[0],
        snapshot.status(),
        history(snapshot, mapping));
  }

  /**
   * What the history states recorded, each path mapped; a record the target cannot hold (its
   * history or a recorded state gone, or not inside the history's parent) is forgotten.
   */
  private static Map<String, List<String>> history(Snapshot snapshot, StateMapping mapping) {
    Map<String, List<String>> mapped = new LinkedHashMap<>();
    snapshot
        .history()
        .forEach(
            (history, paths) ->
                mapped.put(mapping.map(history), paths.stream().map(mapping::map).toList()));
    return mapped;
  }

  private static long rootEntry(Snapshot snapshot) {
    return snapshot.activeStates().isEmpty() ? 0 : snapshot.activeStates().get(0).entryId();
  }

  private static Instant rootEntered(Snapshot snapshot, Instant now) {
    return snapshot.activeStates().isEmpty() ? now : snapshot.activeStates().get(0).enteredAt();
  }

  private static void addWithAncestors(
      ActiveState state, Map<String, ActiveState> complete, long[] lastEntry, Instant now) {
    for (StateNode parent = state.state().parent();
        parent != null && !complete.containsKey(parent.path());
        parent = parent.parent()) {
      complete.put(parent.path(), new ActiveState(parent, ++lastEntry[0], now));
    }
    complete.putIfAbsent(state.path(), state);
  }

  /** Enters, now, the default children of a compound or parallel state that has no active one. */
  private static void enterDefaults(
      StateNode state, Map<String, ActiveState> complete, long[] lastEntry, Instant now) {
    if (state.kind() == StateKind.COMPOUND || state.parent() == null) {
      boolean hasActiveChild =
          state.children().stream().anyMatch(c -> complete.containsKey(c.path()));
      if (!hasActiveChild && state.initial() != null) {
        if (state.initial().kind() == StateKind.HISTORY) {
          enterHistoryDefault(state.initial(), complete, lastEntry, now);
        } else {
          enter(state.initial(), complete, lastEntry, now);
        }
      }
    } else if (state.kind() == StateKind.PARALLEL) {
      for (StateNode region : state.children()) {
        if (!complete.containsKey(region.path())) {
          enter(region, complete, lastEntry, now);
        }
      }
    }
  }

  /**
   * An initial history (which has a default, see the build's checks): its default targets with the
   * states between them and its parent, then their default children and regions.
   */
  private static void enterHistoryDefault(
      StateNode history, Map<String, ActiveState> complete, long[] lastEntry, Instant now) {
    List<StateNode> entered = new ArrayList<>();
    for (StateNode target : history.historyDefault().branch(0).targets()) {
      List<StateNode> path = new ArrayList<>();
      for (StateNode s = target; s != history.parent(); s = s.parent()) {
        path.add(0, s);
      }
      for (StateNode s : path) {
        if (!complete.containsKey(s.path())) {
          complete.put(s.path(), new ActiveState(s, ++lastEntry[0], now));
          entered.add(s);
        }
      }
    }
    for (StateNode s : entered) {
      enterDefaults(s, complete, lastEntry, now);
    }
  }

  private static void enter(
      StateNode state, Map<String, ActiveState> complete, long[] lastEntry, Instant now) {
    complete.put(state.path(), new ActiveState(state, ++lastEntry[0], now));
    enterDefaults(state, complete, lastEntry, now);
  }

  /** Two active children of one compound state cannot be: the mapping joined what it may not. */
  private static void checkConsistent(Map<String, ActiveState> complete, Snapshot snapshot) {
    Map<String, String> activeChild = new LinkedHashMap<>();
    for (ActiveState state : complete.values()) {
      StateNode parent = state.state().parent();
      if (parent == null || parent.kind() == StateKind.PARALLEL) {
        continue;
      }
      String other = activeChild.putIfAbsent(parent.path(), state.path());
      if (other != null) {
        List<String> old = snapshot.activeStates().stream().map(ActiveState::path).toList();
        throw new UnmappedStatesException(
            old,
            "the mapping makes "
                + other
                + " and "
                + state.path()
                + " active at once, which their state "
                + (parent.path().isEmpty() ? "(the machine)" : parent.path())
                + " does not allow; map the old states "
                + old
                + " into one of them");
      }
    }
  }
}
