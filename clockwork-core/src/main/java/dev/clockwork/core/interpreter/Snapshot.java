package dev.clockwork.core.interpreter;

import dev.clockwork.core.context.Context;
import dev.clockwork.core.definition.MachineDefinition;
import dev.clockwork.core.definition.StateNode;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Everything about one instance between two events: active states with their entries, context,
 * armed timers and status. Immutable; the interpreter returns a new one per step. A store persists
 * it by state paths, so it survives restarts and definition versions.
 */
public final class Snapshot {
  private final MachineDefinition definition;
  // Most configurations are the root and one atomic state: up to two active states are held in
  // fields, more in an array (then every one of them, and the fields are null).
  private final ActiveState first;
  private final ActiveState second;
  private final ActiveState[] many;
  private final Context context;
  private final ArmedTimer[] timers;
  private final long lastEntryId;
  private final InstanceStatus status;
  private final Map<StateNode, StateNode[]> history;

  /** A snapshot whose active states are the first {@code count} of {@code active} (copied). */
  Snapshot(
      MachineDefinition definition,
      ActiveState[] active,
      int count,
      Context context,
      ArmedTimer[] timers,
      long lastEntryId,
      InstanceStatus status) {
    this(definition, active, count, context, timers, lastEntryId, status, Map.of());
  }

  /** The same, with what the history states recorded (history state → recorded states). */
  Snapshot(
      MachineDefinition definition,
      ActiveState[] active,
      int count,
      Context context,
      ArmedTimer[] timers,
      long lastEntryId,
      InstanceStatus status,
      Map<StateNode, StateNode[]> history) {
    this.history = history;
    this.definition = definition;
    this.first = count > 0 && count <= 2 ? active[0] : null;
    this.second = count == 2 ? active[1] : null;
    this.many = count > 2 ? Arrays.copyOf(active, count) : null;
    this.context = context;
    this.timers = timers;
    this.lastEntryId = lastEntryId;
    this.status = status;
  }

  /**
   * Rebuilds a snapshot from stored parts (a store's job); states are sorted into document order.
   */
  public static Snapshot restore(
      MachineDefinition definition,
      List<ActiveState> active,
      Context context,
      List<ArmedTimer> timers,
      long lastEntryId,
      InstanceStatus status) {
    return restore(definition, active, context, timers, lastEntryId, status, Map.of());
  }

  /**
   * Rebuilds a snapshot from stored parts with what its history states recorded ({@link
   * #history()}); a path the definition no longer has is forgotten (the history's default, or the
   * parent's initial state, applies again).
   */
  public static Snapshot restore(
      MachineDefinition definition,
      List<ActiveState> active,
      Context context,
      List<ArmedTimer> timers,
      long lastEntryId,
      InstanceStatus status,
      Map<String, List<String>> history) {
    ActiveState[] states = active.toArray(new ActiveState[0]);
    Arrays.sort(states, (a, b) -> Integer.compare(a.state().index(), b.state().index()));
    return new Snapshot(
        definition,
        states,
        states.length,
        context,
        timers.toArray(new ArmedTimer[0]),
        lastEntryId,
        status,
        RecordedHistory.resolve(definition, history));
  }

  public MachineDefinition definition() {
    return definition;
  }

  /** Every active state in document order, the root first. */
  public List<ActiveState> activeStates() {
    if (many != null) {
      return Collections.unmodifiableList(Arrays.asList(many));
    }
    return first == null ? List.of() : second == null ? List.of(first) : List.of(first, second);
  }

  /** How many states are active. */
  int activeCount() {
    return many != null ? many.length : first == null ? 0 : second == null ? 1 : 2;
  }

  /** The {@code i}-th active state in document order. */
  ActiveState active(int i) {
    if (many != null) {
      return many[i];
    }
    return i == 0 ? first : second;
  }

  ArmedTimer[] timerArray() {
    return timers;
  }

  /** Paths of the active atomic states, e.g. {@code [awaiting_payment]} or two for parallels. */
  public List<String> value() {
    List<String> leaves = new ArrayList<>(2);
    for (int i = 0; i < activeCount(); i++) {
      ActiveState state = active(i);
      if (state.state().isAtomic()) {
        leaves.add(state.path());
      }
    }
    return leaves;
  }

  /** True when the state with this path (or unique name) is active. */
  public boolean matches(String pathOrName) {
    Optional<StateNode> node = definition.find(pathOrName);
    return node.isPresent() && entryOf(node.get()).isPresent();
  }

  /** The entry of an active state. */
  public Optional<ActiveState> entryOf(StateNode state) {
    for (int i = 0; i < activeCount(); i++) {
      ActiveState candidate = active(i);
      if (candidate.state() == state) {
        return Optional.of(candidate);
      }
    }
    return Optional.empty();
  }

  public Context context() {
    return context;
  }

  /**
   * What each history state recorded when its parent was last left: history state path → the paths
   * of the states it restores, in document order. Empty until some parent with a history is left.
   */
  public Map<String, List<String>> history() {
    return RecordedHistory.paths(history);
  }

  /** The recorded states of each history state (the working form). */
  Map<StateNode, StateNode[]> historyMap() {
    return history;
  }

  /**
   * Timers armed right now, in the order they were armed, including those {@linkplain
   * ArmedTimer#failed() marked failed}, which are not due.
   */
  public List<ArmedTimer> timers() {
    return Collections.unmodifiableList(Arrays.asList(timers));
  }

  /** The last entry id handed out; the next state entry gets a higher one. */
  public long lastEntryId() {
    return lastEntryId;
  }

  public InstanceStatus status() {
    return status;
  }

  public boolean isDone() {
    return status == InstanceStatus.DONE;
  }

  /** True once the instance takes no more events (done or cancelled). */
  public boolean isFinished() {
    return status != InstanceStatus.ACTIVE;
  }

  @Override
  public String toString() {
    return definition.id() + value() + (isDone() ? " (done)" : "") + " " + context;
  }
}
