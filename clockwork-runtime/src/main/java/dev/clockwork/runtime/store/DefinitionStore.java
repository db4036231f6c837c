package dev.clockwork.runtime.store;

import dev.clockwork.runtime.store.definition.DefinitionConflictException;
import dev.clockwork.runtime.store.definition.DeployedVersion;
import dev.clockwork.runtime.store.definition.StoredDefinition;
import java.util.List;
import java.util.Optional;

/**
 * The store's role that keeps each deployed version of each machine (SPI: a role of {@link Store}).
 * Machines are not scoped by namespace: every namespace runs the same machines.
 */
public interface DefinitionStore {

  /**
   * Keeps {@code definition} unless its version is kept already: the same document again changes
   * nothing (any number of nodes may deploy a version at once). Returns what is stored — the first
   * deploy's, with its time.
   *
   * @throws DefinitionConflictException when the version is kept with another document
   */
  StoredDefinition deploy(StoredDefinition definition);

  /** Version {@code version} of {@code machine}, if it was deployed. */
  Optional<StoredDefinition> find(String machine, int version);

  /** Every deployed version of {@code machine}, newest first; empty for an unknown machine. */
  List<StoredDefinition> versions(String machine);

  /** The ids of the machines with a deployed version, in id order. */
  List<String> machines();

  /**
   * Every deployed version of every machine without its document, by machine id then version: one
   * cheap read for the nodes that look for new versions every few seconds.
   */
  List<DeployedVersion> index();

  /**
   * Forgets version {@code version} of {@code machine} (the caller has checked that no instance
   * runs it); returns whether it was kept.
   */
  boolean remove(String machine, int version);
}
