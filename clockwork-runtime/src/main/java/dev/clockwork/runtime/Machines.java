package dev.clockwork.runtime;

import dev.clockwork.core.definition.MachineDefinition;
import dev.clockwork.runtime.internal.MachineRegistry;
import dev.clockwork.runtime.internal.engine.Upgrades;
import java.util.List;

/**
 * The machine definitions an engine runs, every version of each: registering another version,
 * reading the newest, and moving older instances onto it.
 *
 * <pre>{@code
 * engine.machines().register(orderV2);
 * MachineDefinition newest = engine.machines().latest("order"); // version 2
 * int moved = engine.machines().upgradeInstances("order");       // after a deploy, without start()
 * List<String> ids = engine.machines().ids();                    // [order, payment]
 * }</pre>
 */
public final class Machines {
  private final MachineRegistry registry;
  private final Upgrades upgrades;

  Machines(MachineRegistry registry, Upgrades upgrades) {
    this.registry = registry;
    this.upgrades = upgrades;
  }

  /** Registers (another version of) a machine; new instances run the newest version. */
  public void register(MachineDefinition definition) {
    registry.register(definition);
  }

  /**
   * The newest registered version of {@code machine}.
   *
   * @throws dev.clockwork.runtime.error.UnknownMachineException naming the machines registered
   */
  public MachineDefinition latest(String machine) {
    return registry.latest(machine);
  }

  /** The ids of every registered machine, sorted. */
  public List<String> ids() {
    return registry.ids().stream().sorted().toList();
  }

  /**
   * Moves every instance of {@code machine} that runs an older version onto the newest one: their
   * waiting timers take the new definition's durations, anchored on the same state entries (the
   * seed's "new timer configs apply to existing instances"). {@code Engine.start()} does this for
   * every registered machine; cron-driven deployments call it after a deploy.
   *
   * @return the number of instances moved
   */
  public int upgradeInstances(String machine) {
    return upgrades.upgrade(machine);
  }
}
