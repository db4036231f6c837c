package dev.clockwork.core.definition;

import dev.clockwork.core.behavior.Behaviors;
import dev.clockwork.core.context.Context;
import dev.clockwork.core.input.ReservedNames;
import java.time.ZoneId;
import java.util.Collection;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

/**
 * A built, validated, immutable machine. Create one with {@link Machine#define(String)}; run it
 * with the interpreter (pure) or an engine (durable).
 */
public final class MachineDefinition {
  private final String id;
  private final int version;
  private final ZoneId zone;
  private final int maxTransitionDepth;
  private final Context initialContext;
  private final StateNode[] states;
  private final Map<String, StateNode> byPath;
  private final Map<String, TimerDef> timers;
  private final Set<String> events;
  private final List<StartTimer> startTimers;
  private final Map<String, EventValidator> validators;
  private final boolean eventless;
  private final Behaviors behaviors;

  MachineDefinition(
      String id,
      int version,
      ZoneId zone,
      int maxTransitionDepth,
      Context initialContext,
      StateNode[] states,
      Map<String, StateNode> byPath,
      Map<String, TimerDef> timers,
      List<StartTimer> startTimers,
      Map<String, EventValidator> validators,
      Behaviors behaviors) {
    this.id = id;
    this.behaviors = behaviors;
    this.validators = Map.copyOf(validators);
    this.startTimers = startTimers;
    this.version = version;
    this.zone = zone;
    this.maxTransitionDepth = maxTransitionDepth;
    this.initialContext = initialContext;
    this.states = states;
    this.byPath = byPath;
    this.timers = timers;
    Set<String> known = new HashSet<>();
    boolean always = false;
    for (StateNode state : states) {
      known.addAll(state.on.keySet());
      always |= state.always.length > 0;
    }
    this.eventless = always;
    for (TimerDef timer : timers.values()) {
      if (timer.then() != null) {
        known.add(timer.then());
      }
    }
    this.events = Set.copyOf(known);
  }

  /**
   * True when some transition of the machine takes {@code eventType} (or it is one of Clockwork's
   * own {@code @…} events). An event no state knows is a mistake of the sender, not of the moment:
   * the engine refuses it when it is sent and dead-letters it at once if it reaches a queue.
   */
  public boolean knowsEvent(String eventType) {
    return events.contains(eventType) || eventType.startsWith("@");
  }

  /**
   * The problems of an event's payload by the validator declared for its type ({@link
   * MachineBuilder#validate}); empty when it has none or there is no validator.
   */
  public List<String> validate(String eventType, Map<String, Object> payload) {
    EventValidator validator = validators.get(eventType);
    if (validator == null) {
      return List.of();
    }
    List<String> errors = validator.validate(payload == null ? Map.of() : payload);
    return errors == null ? List.of() : List.copyOf(errors);
  }

  /** The event types that have a payload validator, sorted. */
  public List<String> validatedEvents() {
    return validators.keySet().stream().sorted().toList();
  }

  /** Every event some transition takes, sorted (for error messages and tooling). */
  public List<String> events() {
    return events.stream()
        .filter(
            e ->
                !e.startsWith(ReservedNames.STATE_DONE_PREFIX)
                    && !e.startsWith(ReservedNames.STATE_FAIL_PREFIX))
        .sorted()
        .toList();
  }

  /**
   * The events a sender may send to an instance whose active states are {@code activePaths}: those
   * with a transition from an active state or one of its ancestors, sorted. Timer events (a
   * transition that arms a timer sends its own event), Clockwork's own {@code @…} events and the
   * internal done and fail events are left out; unknown paths are ignored.
   */
  public List<String> acceptedEvents(Collection<String> activePaths) {
    Set<String> accepted = new TreeSet<>();
    for (String path : activePaths) {
      for (StateNode state = byPath.get(path); state != null; state = state.parent()) {
        for (TransitionDef transition : state.on.values()) {
          if (transition.timer() == null && !ReservedNames.isInternalEvent(transition.event())) {
            accepted.add(transition.event());
          }
        }
      }
    }
    return List.copyOf(accepted);
  }

  /**
   * The named behaviours it was built with ({@code MachineBuilder.behaviors}): a node that runs it
   * offers them, by these names, to machines deployed as data.
   */
  public Behaviors behaviors() {
    return behaviors;
  }

  public String id() {
    return id;
  }

  /** The definition's version; instances remember the version they were created with. */
  public int version() {
    return version;
  }

  /** Zone for calendar units and cron timers that name no zone of their own. */
  public ZoneId zone() {
    return zone;
  }

  /** Microsteps allowed in one macrostep before it fails with a loop error. */
  /** True when some state has an eventless ({@code always}) transition. */
  public boolean hasEventlessTransitions() {
    return eventless;
  }

  public int maxTransitionDepth() {
    return maxTransitionDepth;
  }

  /** The context a new instance starts with (before any input is merged in). */
  public Context initialContext() {
    return initialContext;
  }

  /** The machine's root: a compound state with an empty path. */
  public StateNode root() {
    return states[0];
  }

  /** Every state, in document order; the root first. */
  public List<StateNode> states() {
    return List.of(states);
  }

  /** The state numbered {@code index} in document order. */
  public StateNode state(int index) {
    return states[index];
  }

  /** The state at a dotted path ({@code shipping.packed}), or a unique state name. */
  public Optional<StateNode> find(String pathOrName) {
    return Optional.ofNullable(byPath.get(pathOrName));
  }

  /**
   * The state at a dotted path or with a unique name.
   *
   * @throws IllegalArgumentException listing the known states when there is none
   */
  public StateNode state(String pathOrName) {
    StateNode node = byPath.get(pathOrName);
    if (node == null) {
      throw new IllegalArgumentException(
          "machine '" + id + "' has no state '" + pathOrName + "'; its states are " + paths());
    }
    return node;
  }

  /** The timer with a key of the form {@code <state path>#<event>}, or empty. */
  public Optional<TimerDef> timer(String key) {
    return Optional.ofNullable(timers.get(key));
  }

  /** Every timer of the machine by key. */
  public Map<String, TimerDef> timers() {
    return Collections.unmodifiableMap(timers);
  }

  /**
   * The machine's timer start events, in declaration order (the index is part of each one's
   * schedule id): deploying this version schedules them, and cancels those of older versions.
   */
  public List<StartTimer> startTimers() {
    return startTimers;
  }

  private List<String> paths() {
    return List.of(states).stream().skip(1).map(StateNode::path).toList();
  }

  @Override
  public String toString() {
    return id + " v" + version;
  }
}
