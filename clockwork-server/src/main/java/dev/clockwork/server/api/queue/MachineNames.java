package dev.clockwork.server.api.queue;

import dev.clockwork.runtime.Engine;
import java.util.TreeSet;

/**
 * Machine names in paths and parameters: the seed's {@code @order} spelling is accepted, and a
 * machine that is neither registered nor stored is a 404 listing the known ones.
 */
final class MachineNames {
  private MachineNames() {}

  /** The machine {@code name} names (without its {@code @}), checked to be known. */
  static String known(Engine engine, String name) {
    String machine = name.startsWith("@") ? name.substring(1) : name;
    if (!engine.machines().ids().contains(machine)
        && !engine.admin().queues().machines().contains(machine)) {
      engine.machines().latest(machine); // throws the error naming the registered machines
    }
    return machine;
  }

  /** Every machine with a queue: the registered ones and those with stored instances, sorted. */
  static TreeSet<String> all(Engine engine) {
    TreeSet<String> machines = new TreeSet<>(engine.machines().ids());
    machines.addAll(engine.admin().queues().machines());
    return machines;
  }
}
