package dev.clockwork.runtime.internal;

import dev.clockwork.core.definition.MachineDefinition;
import dev.clockwork.runtime.error.UnknownMachineException;
import dev.clockwork.runtime.error.UnknownVersionException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.NavigableMap;
import java.util.Set;
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
  public Set<String> ids() {
    return Collections.unmodifiableSet(machines.keySet());
  }

  /** Every registered version of every machine. */
  public List<MachineDefinition> all() {
    List<MachineDefinition> all = new ArrayList<>();
    machines.values().forEach(versions -> all.addAll(versions.values()));
    return all;
  }

  /** Version {@code version} of {@code machine}, or null when it is not registered. */
  public MachineDefinition version(String machine, int version) {
    NavigableMap<Integer, MachineDefinition> versions = machines.get(machine);
    return versions == null ? null : versions.get(version);
  }

  /** The newest version of a machine. */
  public MachineDefinition latest(String machine) {
    NavigableMap<Integer, MachineDefinition> versions = machines.get(machine);
    if (versions == null) {
      throw new UnknownMachineException(machine, machines.keySet());
    }
    return versions.lastEntry().getValue();
  }

  /** The newest registered version of each machine. */
  public Map<String, Integer> newestVersions() {
    Map<String, Integer> newest = new HashMap<>();
    machines.forEach((id, versions) -> newest.put(id, versions.lastKey()));
    return newest;
  }

  /** Whether {@code version} of {@code machine} is newer than every version registered here. */
  public boolean isNewer(String machine, int version) {
    return version > latest(machine).version();
  }

  /**
   * The definition an instance on {@code version} runs by: that version, or when it is no longer
   * registered, the newest one (its states are found by path, its timers by key, so waiting
   * instances follow the new definition).
   *
   * @throws UnknownVersionException when {@code version} is newer than every registered one: the
   *     instance was created or upgraded by a node with a newer deploy, and running it by an older
   *     definition would undo that
   */
  public MachineDefinition forInstance(String instanceId, String machine, int version) {
    NavigableMap<Integer, MachineDefinition> versions = machines.get(machine);
    if (versions == null) {
      throw new UnknownMachineException(machine, machines.keySet());
    }
    MachineDefinition exact = versions.get(version);
    if (exact != null) {
      return exact;
    }
    if (version > versions.lastKey()) {
      throw new UnknownVersionException(instanceId, machine, version, versions.lastKey());
    }
    return versions.lastEntry().getValue();
  }
}
