package dev.clockwork.runtime.store.memory;

import dev.clockwork.runtime.store.DefinitionStore;
import dev.clockwork.runtime.store.definition.DefinitionConflictException;
import dev.clockwork.runtime.store.definition.DeployedVersion;
import dev.clockwork.runtime.store.definition.StoredDefinition;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/** The in-memory store's definitions role: versions by machine, under the store's lock. */
final class MemoryDefinitions implements DefinitionStore {
  private final Object lock;
  private final Map<String, TreeMap<Integer, StoredDefinition>> machines = new TreeMap<>();

  MemoryDefinitions(Object lock) {
    this.lock = lock;
  }

  @Override
  public StoredDefinition deploy(StoredDefinition definition) {
    synchronized (lock) {
      TreeMap<Integer, StoredDefinition> versions =
          machines.computeIfAbsent(definition.machine(), machine -> new TreeMap<>());
      StoredDefinition stored = versions.putIfAbsent(definition.version(), definition);
      if (stored == null) {
        return definition;
      }
      if (!stored.sameDocumentAs(definition)) {
        throw new DefinitionConflictException(definition.machine(), definition.version());
      }
      return stored;
    }
  }

  @Override
  public Optional<StoredDefinition> find(String machine, int version) {
    synchronized (lock) {
      TreeMap<Integer, StoredDefinition> versions = machines.get(machine);
      return versions == null ? Optional.empty() : Optional.ofNullable(versions.get(version));
    }
  }

  @Override
  public List<StoredDefinition> versions(String machine) {
    synchronized (lock) {
      TreeMap<Integer, StoredDefinition> versions = machines.get(machine);
      if (versions == null) {
        return List.of();
      }
      List<StoredDefinition> newestFirst = new ArrayList<>(versions.values());
      newestFirst.sort(Comparator.comparingInt(StoredDefinition::version).reversed());
      return newestFirst;
    }
  }

  @Override
  public List<String> machines() {
    synchronized (lock) {
      return List.copyOf(machines.keySet());
    }
  }

  @Override
  public List<DeployedVersion> index() {
    synchronized (lock) {
      List<DeployedVersion> all = new ArrayList<>();
      machines.forEach(
          (machine, versions) ->
              versions
                  .values()
                  .forEach(v -> all.add(new DeployedVersion(machine, v.version(), v.digest()))));
      return all;
    }
  }

  @Override
  public boolean remove(String machine, int version) {
    synchronized (lock) {
      TreeMap<Integer, StoredDefinition> versions = machines.get(machine);
      if (versions == null || versions.remove(version) == null) {
        return false;
      }
      if (versions.isEmpty()) {
        machines.remove(machine);
      }
      return true;
    }
  }
}
