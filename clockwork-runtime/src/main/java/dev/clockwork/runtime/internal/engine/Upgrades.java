package dev.clockwork.runtime.internal.engine;

import dev.clockwork.core.definition.MachineDefinition;
import dev.clockwork.runtime.internal.MachineRegistry;
import dev.clockwork.runtime.internal.VersionMoves;
import dev.clockwork.runtime.store.InstanceRecord;
import dev.clockwork.runtime.store.Store;

/** Moves the instances of a machine that run an older version onto the newest one. */
public final class Upgrades {
  private final Store store;
  private final MachineRegistry machines;
  private final VersionMoves moves;

  Upgrades(Store store, MachineRegistry machines, VersionMoves moves) {
    this.store = store;
    this.machines = machines;
    this.moves = moves;
  }

  /**
   * Moves every instance of {@code machine} on an older version onto the newest one, each under its
   * lease.
   *
   * @return the number of instances moved
   */
  public int upgrade(String machine) {
    MachineDefinition latest = machines.latest(machine);
    int moved = 0;
    for (String id : store.instances().instanceIds(machine)) {
      InstanceRecord record = store.instances().find(id).orElse(null);
      if (record != null && record.version() < latest.version() && moves.upgrade(id, latest)) {
        moved++;
      }
    }
    return moved;
  }
}
