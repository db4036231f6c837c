package dev.clockwork.runtime;

import dev.clockwork.core.behavior.Behaviors;
import dev.clockwork.core.definition.MachineDefinition;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.BiFunction;
import java.util.function.Function;

/**
 * Makes an application's machines known to tools that run outside it — the {@code clockwork} CLI
 * and {@code clockwork dev} — through {@link java.util.ServiceLoader}: implement it and list the
 * class in {@code META-INF/services/dev.clockwork.runtime.MachineProvider}.
 */
public interface MachineProvider {
  /** The machine definitions this provider offers. */
  List<MachineDefinition> machines();

  /**
   * The named guards, actions and timer values this provider offers to machines deployed as data
   * ({@code clockwork machine deploy order.yaml}): a node with them runs such a machine.
   */
  default Behaviors behaviors() {
    return Behaviors.none();
  }

  /**
   * The behaviours of every source, keyed by a name for the source (a provider's class name, a
   * bean's name); a behaviour name two sources register is an error naming both.
   *
   * @throws IllegalArgumentException naming the behaviour and its two sources
   */
  static Behaviors merged(Map<String, Behaviors> bySource) {
    Behaviors.Builder all = Behaviors.builder();
    Map<String, String> guards = new LinkedHashMap<>();
    Map<String, String> actions = new LinkedHashMap<>();
    Map<String, String> timerValues = new LinkedHashMap<>();
    bySource.forEach(
        (source, behaviors) -> {
          add("guard", source, behaviors.guardNames(), guards, behaviors::guard, all::guard);
          add("action", source, behaviors.actionNames(), actions, behaviors::action, all::action);
          add(
              "timer value",
              source,
              behaviors.timerValueNames(),
              timerValues,
              behaviors::timerValue,
              all::timerValue);
        });
    return all.build();
  }

  private static <T> void add(
      String kind,
      String source,
      Set<String> names,
      Map<String, String> sources,
      Function<String, Optional<T>> lookup,
      BiFunction<String, T, Behaviors.Builder> register) {
    for (String name : names) {
      String earlier = sources.putIfAbsent(name, source);
      if (earlier != null) {
        throw new IllegalArgumentException(
            "the "
                + kind
                + " '"
                + name
                + "' is registered by both "
                + earlier
                + " and "
                + source
                + "; a name may be registered once: rename one of them");
      }
      register.apply(name, lookup.apply(name).orElseThrow());
    }
  }
}
