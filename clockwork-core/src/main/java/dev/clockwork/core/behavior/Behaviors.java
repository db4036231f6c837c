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
  private static final Behaviors NONE = new Behaviors(Map.of(), Map.of(), Map.of());

  private final Map<String, Guard> guards;
  private final Map<String, Action> actions;
  private final Map<String, TimerValue> timerValues;

  private Behaviors(
      Map<String, Guard> guards, Map<String, Action> actions, Map<String, TimerValue> timerValues) {
    this.guards = guards;
    this.actions = actions;
    this.timerValues = timerValues;
  }

  public static Behaviors none() {
    return NONE;
  }

  public static Builder builder() {
    return new Builder();
  }

  public Optional<Guard> guard(String name) {
    return Optional.ofNullable(guards.get(name));
  }

  public Optional<Action> action(String name) {
    return Optional.ofNullable(actions.get(name));
  }

  public Optional<TimerValue> timerValue(String name) {
    return Optional.ofNullable(timerValues.get(name));
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
          Collections.unmodifiableMap(new LinkedHashMap<>(timerValues)));
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
