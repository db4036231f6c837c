package dev.clockwork.core.behavior;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * Named guards, actions and timer values. Definitions may refer to behaviours by name (so a
 * persisted definition or a YAML file can say {@code "isNotPaidGuard"}); names are resolved when
 * the definition is built, so a typo fails at build time, never when the transition first fires.
 *
 * <pre>{@code
 * Behaviors behaviors = Behaviors.builder()
 *     .guard("isNotPaidGuard", scope -> !scope.context().getBoolean("paid"))
 *     .action("processBillingAction", scope -> scope.set("billed", true))
 *     .build();
 * }</pre>
 */
public final class Behaviors {
  private static final Behaviors NONE = new Behaviors(Map.of(), Map.of(), Map.of(), null);

  private final Map<String, Guard> guards;
  private final Map<String, Action> actions;
  private final Map<String, TimerValue> timerValues;
  private final StandIns standIns;

  private Behaviors(
      Map<String, Guard> guards,
      Map<String, Action> actions,
      Map<String, TimerValue> timerValues,
      StandIns standIns) {
    this.guards = guards;
    this.actions = actions;
    this.timerValues = timerValues;
    this.standIns = standIns;
  }

  public static Behaviors none() {
    return NONE;
  }

  public static Builder builder() {
    return new Builder();
  }

  /**
   * These behaviours, and for every name they lack the stand-in {@code standIns} gives: how a node
   * reads a definition whose code it does not have, to show it (its diagram, its instances) without
   * running it. The stand-ins learn which names were missing.
   */
  public Behaviors withStandIns(StandIns standIns) {
    Objects.requireNonNull(standIns, "standIns");
    return new Behaviors(guards, actions, timerValues, standIns);
  }

  public Optional<Guard> guard(String name) {
    Guard found = guards.get(name);
    return found != null || standIns == null
        ? Optional.ofNullable(found)
        : Optional.of(standIns.guard(name));
  }

  public Optional<Action> action(String name) {
    Action found = actions.get(name);
    return found != null || standIns == null
        ? Optional.ofNullable(found)
        : Optional.of(standIns.action(name));
  }

  public Optional<TimerValue> timerValue(String name) {
    TimerValue found = timerValues.get(name);
    return found != null || standIns == null
        ? Optional.ofNullable(found)
        : Optional.of(standIns.timerValue(name));
  }

  public Set<String> guardNames() {
    return guards.keySet();
  }

  public Set<String> actionNames() {
    return actions.keySet();
  }

  public Set<String> timerValueNames() {
    return timerValues.keySet();
  }

  /** What stands in for a behaviour a node lacks (see {@link #withStandIns}). */
  public interface StandIns {
    Guard guard(String name);

    Action action(String name);

    TimerValue timerValue(String name);
  }

  /** Collects named behaviours; a name may be registered once per kind. */
  public static final class Builder {
    private final Map<String, Guard> guards = new LinkedHashMap<>();
    private final Map<String, Action> actions = new LinkedHashMap<>();
    private final Map<String, TimerValue> timerValues = new LinkedHashMap<>();

    private Builder() {}

    public Builder guard(String name, Guard guard) {
      put(guards, "guard", name, guard);
      return this;
    }

    public Builder action(String name, Action action) {
      put(actions, "action", name, action);
      return this;
    }

    public Builder timerValue(String name, TimerValue value) {
      put(timerValues, "timer value", name, value);
      return this;
    }

    public Behaviors build() {
      return new Behaviors(
          Collections.unmodifiableMap(new LinkedHashMap<>(guards)),
          Collections.unmodifiableMap(new LinkedHashMap<>(actions)),
          Collections.unmodifiableMap(new LinkedHashMap<>(timerValues)),
          null);
    }

    private static <T> void put(Map<String, T> map, String kind, String name, T behaviour) {
      Objects.requireNonNull(behaviour, kind + " '" + name + "'");
      if (name == null || name.isBlank()) {
        throw new IllegalArgumentException("a " + kind + " needs a non-blank name");
      }
      if (map.putIfAbsent(name, behaviour) != null) {
        throw new IllegalArgumentException(
            "the " + kind + " '" + name + "' is registered twice; give each a distinct name");
      }
    }
  }
}
