package dev.clockwork.core.definition;

import dev.clockwork.core.behavior.Action;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/**
 * What a machine and each of its states can declare: children, entry and exit actions, and
 * transitions. Nothing is checked here; {@link MachineBuilder#build()} checks it all at once and
 * names the path of every mistake.
 *
 * @param <B> the concrete builder, returned for chaining
 */
public abstract class StatesBuilder<B extends StatesBuilder<B>> {
  final String name;
  StateKind declaredKind;
  String initial;
  final List<StateBuilder> children = new ArrayList<>();
  final List<HistoryBuilder> histories = new ArrayList<>();
  final List<Object> entry = new ArrayList<>();
  final List<Object> exit = new ArrayList<>();
  final List<TransitionBuilder> transitions = new ArrayList<>();
  String invoke;
  ChildInput childInput;

  StatesBuilder(String name, StateKind declaredKind) {
    this.name = name;
    this.declaredKind = declaredKind;
  }

  abstract B self();

  /** The child entered when this state is entered (required once a state has children). */
  public B initial(String childName) {
    this.initial = childName;
    return self();
  }

  /** An atomic child state with no transitions of its own. */
  public B state(String childName) {
    return state(childName, s -> {});
  }

  /** A child state; it becomes compound as soon as it declares children itself. */
  public B state(String childName, Consumer<StateBuilder> body) {
    return child(childName, null, body);
  }

  /** A parallel child: every child of it is a region, all active at once. */
  public B parallel(String childName, Consumer<StateBuilder> body) {
    return child(childName, StateKind.PARALLEL, body);
  }

  /**
   * A final child: entering it completes this state ({@code @done}), or the instance at the top.
   */
  public B finalState(String childName) {
    return finalState(childName, s -> {});
  }

  /** A final child with entry actions. */
  public B finalState(String childName, Consumer<StateBuilder> body) {
    return child(childName, StateKind.FINAL, body);
  }

  /**
   * A shallow history child without a default: a transition to it re-enters the child this state
   * had active when it was last left, or enters this state as usual the first time.
   */
  public B history(String historyName) {
    return history(historyName, h -> {});
  }

  /**
   * A history child: {@code history("resume", h -> h.deep().to("draft"))} re-enters every active
   * atomic state this state had when it was last left (shallow, the default: its active children),
   * or takes the default transition ({@code to}, {@code action}) when it was never left.
   */
  public B history(String historyName, Consumer<HistoryBuilder> body) {
    HistoryBuilder history = new HistoryBuilder(historyName);
    body.accept(history);
    histories.add(history);
    return self();
  }

  /**
   * Runs a child machine while this state is active: entering the state creates an instance of
   * {@code machine} (a durable instance of its own, started with this instance's context as input);
   * leaving the state cancels it. Route on its outcome with {@code on("@done", …)}, {@code
   * on("@done.<final state>", …)} and {@code on("@fail", …)}; add a deadline with {@code
   * on("@timeout", t -> t.to(…).after(…))}.
   */
  public B invoke(String machine) {
    return invoke(machine, ChildInput.WHOLE_CONTEXT);
  }

  /** Runs a child machine started with the input {@code input} computes from the context. */
  public B invoke(String machine, ChildInput input) {
    this.invoke = machine;
    this.childInput = input;
    return self();
  }

  /** An action run when this state is entered. */
  public B entry(Action action) {
    entry.add(action);
    return self();
  }

  /** A named action (from the machine's behaviours) run when this state is entered. */
  public B entry(String actionName) {
    entry.add(actionName);
    return self();
  }

  /** An action run when this state is exited. */
  public B exit(Action action) {
    exit.add(action);
    return self();
  }

  /** A named action run when this state is exited. */
  public B exit(String actionName) {
    exit.add(actionName);
    return self();
  }

  /** On {@code event}, go to {@code target}. */
  public B on(String event, String target) {
    return on(event, t -> t.to(target));
  }

  /** On {@code event}, take the transition described by {@code body} (guards, actions, timer…). */
  public B on(String event, Consumer<TransitionBuilder> body) {
    TransitionBuilder transition = new TransitionBuilder(event, TransitionBuilder.Trigger.EVENT);
    body.accept(transition);
    transitions.add(transition);
    return self();
  }

  /** An eventless transition, taken as soon as its guards pass. */
  public B always(String target) {
    return always(t -> t.to(target));
  }

  /** An eventless transition, taken as soon as its guards pass. */
  public B always(Consumer<TransitionBuilder> body) {
    TransitionBuilder transition = new TransitionBuilder(null, TransitionBuilder.Trigger.ALWAYS);
    body.accept(transition);
    transitions.add(transition);
    return self();
  }

  /**
   * When this compound or parallel state is done, go to target: a compound state when its final
   * child is entered, a parallel state when every region is in a final state (a region that is
   * itself a parallel state counts once all its own regions are, at any depth).
   */
  public B onDone(String target) {
    return onDone(t -> t.to(target));
  }

  /** When this compound or parallel state is done, take the transition described by body. */
  public B onDone(Consumer<TransitionBuilder> body) {
    TransitionBuilder transition = new TransitionBuilder(null, TransitionBuilder.Trigger.DONE);
    body.accept(transition);
    transitions.add(transition);
    return self();
  }

  /**
   * When a region job of this parallel state gives up, or its region timeout passes (parallel
   * dispatch), go to {@code target}. Without it the instance stays in the parallel state.
   */
  public B onFail(String target) {
    return onFail(t -> t.to(target));
  }

  /**
   * When a region job of this parallel state gives up or its region timeout passes, take the
   * transition described by {@code body}; guarded branches see the instance's context and the
   * failure's payload ({@code region_id}, {@code error}, {@code exception}, {@code attempts}; or
   * {@code stalled_regions} and {@code timeout_seconds} for a timeout).
   */
  public B onFail(Consumer<TransitionBuilder> body) {
    TransitionBuilder transition = new TransitionBuilder(null, TransitionBuilder.Trigger.FAIL);
    body.accept(transition);
    transitions.add(transition);
    return self();
  }

  private B child(String childName, StateKind kind, Consumer<StateBuilder> body) {
    StateBuilder child = new StateBuilder(childName, kind);
    body.accept(child);
    children.add(child);
    return self();
  }
}
