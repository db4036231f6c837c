package dev.clockwork.core.definition;

import dev.clockwork.core.behavior.Action;
import java.util.Collections;
import java.util.List;
import java.util.Map;

/**
 * One state of a built, immutable {@link MachineDefinition}. States are numbered in document order
 * (pre-order), so {@code a.index() < b.index()} means {@code a} comes first in the definition, and
 * a state's descendants are exactly the states numbered {@code index()+1 .. lastDescendant()}.
 */
public final class StateNode {
  final String name;
  final String path;
  final int index;
  final StateKind kind;
  final StateNode parent;
  final int depth;
  List<StateNode> children = List.of();
  StateNode initial;
  int lastDescendant;
  Action[] entry = new Action[0];
  Action[] exit = new Action[0];
  String[] entryNames = new String[0];
  String[] exitNames = new String[0];
  Map<String, TransitionDef> on = Map.of();
  TransitionDef[] always = new TransitionDef[0];
  TransitionDef[] timed = new TransitionDef[0];
  String invoke;
  ChildInput childInput;
  StateNode[] histories = NO_STATES;
  HistoryType historyType;
  TransitionDef historyDefault;

  private static final StateNode[] NO_STATES = new StateNode[0];

  StateNode(String name, String path, int index, StateKind kind, StateNode parent) {
    this.name = name;
    this.path = path;
    this.index = index;
    this.kind = kind;
    this.parent = parent;
    this.depth = parent == null ? 0 : parent.depth + 1;
  }

  /** The state's own name, e.g. {@code awaiting_payment}. */
  public String name() {
    return name;
  }

  /** Dotted path from the top, e.g. {@code shipping.packed}; empty for the machine's root. */
  public String path() {
    return path;
  }

  /** Position in document order; the root is 0. */
  public int index() {
    return index;
  }

  public StateKind kind() {
    return kind;
  }

  /** The enclosing state, null for the root. */
  public StateNode parent() {
    return parent;
  }

  public int depth() {
    return depth;
  }

  public List<StateNode> children() {
    return Collections.unmodifiableList(children);
  }

  /**
   * The child entered by default (compound states only), null otherwise; it may be one of the
   * state's history states, whose default applies until the state is first left.
   */
  public StateNode initial() {
    return initial;
  }

  public int lastDescendant() {
    return lastDescendant;
  }

  /** True when {@code this} is a strict descendant of {@code ancestor}. */
  public boolean isDescendantOf(StateNode ancestor) {
    return index > ancestor.index && index <= ancestor.lastDescendant;
  }

  public boolean isAtomic() {
    return kind == StateKind.ATOMIC || kind == StateKind.FINAL;
  }

  /** The transition taken for {@code event} from this very state, or null. */
  public TransitionDef transition(String event) {
    return on.get(event);
  }

  /** Every event-triggered transition of this state (timer transitions included). */
  public Map<String, TransitionDef> transitions() {
    return Collections.unmodifiableMap(on);
  }

  /** Eventless transitions, in definition order. */
  public List<TransitionDef> always() {
    return List.of(always);
  }

  /** Transitions that carry a timer. */
  public List<TransitionDef> timedTransitions() {
    return List.of(timed);
  }

  public int entryActionCount() {
    return entry.length;
  }

  /**
   * The {@code i}-th entry action (indexed access keeps the interpreter's hot path
   * allocation-free).
   */
  public Action entryAction(int i) {
    return entry[i];
  }

  /** The behaviours' name of the {@code i}-th entry action; null for a lambda. */
  public String entryActionName(int i) {
    return entryNames[i];
  }

  public int exitActionCount() {
    return exit.length;
  }

  public Action exitAction(int i) {
    return exit[i];
  }

  /** The behaviours' name of the {@code i}-th exit action; null for a lambda. */
  public String exitActionName(int i) {
    return exitNames[i];
  }

  public int alwaysCount() {
    return always.length;
  }

  public TransitionDef alwaysAt(int i) {
    return always[i];
  }

  public int timedCount() {
    return timed.length;
  }

  public TransitionDef timedAt(int i) {
    return timed[i];
  }

  /** The child machine this state runs while active, or null. */
  public String invokedMachine() {
    return invoke;
  }

  /** The input of the child machine, computed from the context on entry. */
  public ChildInput childInput() {
    return childInput;
  }

  public int childCount() {
    return children.size();
  }

  public StateNode child(int i) {
    return children.get(i);
  }

  /** The history states this state holds (they are not among its {@link #children()}). */
  public List<StateNode> histories() {
    return List.of(histories);
  }

  public int historyCount() {
    return histories.length;
  }

  public StateNode historyAt(int i) {
    return histories[i];
  }

  /** Shallow or deep for a {@linkplain StateKind#HISTORY history state}, null otherwise. */
  public HistoryType historyType() {
    return historyType;
  }

  /**
   * The default transition of a history state (one branch: its targets and actions), taken when its
   * parent was never left; null when it has none (the parent is then entered as usual).
   */
  public TransitionDef historyDefault() {
    return historyDefault;
  }

  @Override
  public String toString() {
    return path.isEmpty() ? "(root)" : path;
  }
}
