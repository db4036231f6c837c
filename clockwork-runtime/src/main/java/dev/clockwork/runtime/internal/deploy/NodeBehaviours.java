package dev.clockwork.runtime.internal.deploy;

import dev.clockwork.core.behavior.Behaviors;
import dev.clockwork.core.definition.MachineDefinition;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.BiConsumer;
import java.util.function.Function;

/**
 * The named behaviours a node offers to machines deployed as data: those given to the engine's
 * builder, then those of every machine it registers in code, by name. A name two machines give
 * different behaviours is <em>ambiguous</em>: offered by neither (so a data machine naming it is
 * shown, not run) unless the builder's behaviours name it.
 */
record NodeBehaviours(Behaviors offered, Set<String> ambiguous) {

  static NodeBehaviours of(Behaviors given, List<MachineDefinition> registered) {
    Set<String> ambiguous = new TreeSet<>();
    Behaviors.Builder offered = Behaviors.builder();
    offer(given, registered, Behaviors::guardNames, Behaviors::guard, offered::guard, ambiguous);
    offer(given, registered, Behaviors::actionNames, Behaviors::action, offered::action, ambiguous);
    offer(
        given,
        registered,
        Behaviors::timerValueNames,
        Behaviors::timerValue,
        offered::timerValue,
        ambiguous);
    return new NodeBehaviours(offered.build(), Set.copyOf(ambiguous));
  }

  /** Offers one kind of behaviour: the builder's, then each machine's unless another differs. */
  private static <T> void offer(
      Behaviors given,
      List<MachineDefinition> registered,
      Function<Behaviors, Set<String>> names,
      Lookup<T> lookup,
      BiConsumer<String, T> offer,
      Set<String> ambiguous) {
    Map<String, T> chosen = new LinkedHashMap<>();
    for (String name : names.apply(given)) {
      chosen.put(name, lookup.find(given, name));
    }
    Set<String> fromBuilder = Set.copyOf(chosen.keySet());
    Set<String> clashing = new TreeSet<>();
    for (MachineDefinition definition : registered) {
      Behaviors own = definition.behaviors();
      for (String name : names.apply(own)) {
        T behaviour = lookup.find(own, name);
        T kept = chosen.putIfAbsent(name, behaviour);
        if (kept != null && kept != behaviour && !fromBuilder.contains(name)) {
          clashing.add(name);
        }
      }
    }
    clashing.forEach(chosen::remove);
    ambiguous.addAll(clashing);
    chosen.forEach(offer);
  }

  /** One kind's lookup by name ({@link Behaviors#guard}, …), for a name that is there. */
  private interface Lookup<T> {
    java.util.Optional<T> lookup(Behaviors behaviors, String name);

    default T find(Behaviors behaviors, String name) {
      return lookup(behaviors, name).orElseThrow();
    }
  }
}
