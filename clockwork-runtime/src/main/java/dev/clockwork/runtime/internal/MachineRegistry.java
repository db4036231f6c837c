package dev.clockwork.runtime.internal;

import dev.clockwork.core.definition.MachineDefinition;
import dev.clockwork.runtime.error.UnknownMachineException;
import java.util.Map;
import java.util.NavigableMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentSkipListMap;

/**
 * The machine definitions an engine knows, every version of each; registering while worker threads
 * read it is safe.
 */
public final class MachineRegistry {
  private final Map<String, NavigableMap<Integer, MachineDefinition>> machines =
      new ConcurrentHashMap<>();

  public void register(MachineDefinition definition) {
    machines
        .computeIfAbsent(definition.id(), id -> new ConcurrentSkipListMap<>())
        .put(definition.version(), definition);
  }

  /** The ids of every registered machine. */
  public java.util.Set<String> ids() {
    return java.util.Collections.unmodifiableSet(machines.keySet());
  }

  /** The newest version of a machine. */
  public MachineDefinition latest(String machine) {
    NavigableMap<Integer, MachineDefinition> versions = machines.get(machine);
    if (versions == null) {
      throw new UnknownMachineException(machine, machines.keySet());
    }
    return versions.lastEntry().getValue();
  }

  /**
   * The version an instance runs; when that version is no longer registered, the newest one (its
   * states are found by path, its timers by key, so waiting instances follow the new definition).
   */
  public MachineDefinition forInstance(String machine, int version) {
    NavigableMap<Integer, MachineDefinition> versions = machines.get(machine);
    if (versions == null) {
      throw new UnknownMachineException(machine, machines.keySet());
    }
    MachineDefinition exact = versions.get(version);
    return exact != null ? exact : versions.lastEntry().getValue();
  }
}
