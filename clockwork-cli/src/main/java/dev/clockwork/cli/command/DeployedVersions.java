package dev.clockwork.cli.command;

import static dev.clockwork.runtime.config.Suggestions.didYouMean;

import dev.clockwork.core.ClockworkException;
import dev.clockwork.runtime.store.DefinitionStore;
import dev.clockwork.runtime.store.definition.StoredDefinition;
import java.util.List;

/**
 * The deployed versions a {@code machine} command names: a machine nothing deployed, or a version
 * it lacks, is an error listing what there is.
 */
final class DeployedVersions {
  private DeployedVersions() {}

  /** Every deployed version of {@code typed} ({@code order} or {@code @order}), newest first. */
  static List<StoredDefinition> of(DefinitionStore store, String typed) {
    String machine = MachineNames.plain(typed);
    List<StoredDefinition> versions = store.versions(machine);
    if (versions.isEmpty()) {
      List<String> deployed = store.machines();
      throw new ClockworkException(
          "no version of machine '"
              + machine
              + "' is deployed"
              + didYouMean(machine, deployed)
              + (deployed.isEmpty()
                  ? "; nothing is deployed yet"
                  : " (deployed: " + String.join(", ", deployed) + ")")
              + "; clockwork machine deploy FILE deploys one, and an engine deploys its machines"
              + " when it starts");
    }
    return versions;
  }

  /** Version {@code version} of {@code typed}; the newest when {@code version} is null. */
  static StoredDefinition find(DefinitionStore store, String typed, Integer version) {
    List<StoredDefinition> versions = of(store, typed);
    if (version == null) {
      return versions.get(0);
    }
    return versions.stream()
        .filter(deployed -> deployed.version() == version)
        .findFirst()
        .orElseThrow(
            () ->
                new ClockworkException(
                    "version "
                        + version
                        + " of machine '"
                        + versions.get(0).machine()
                        + "' is not deployed; its versions are "
                        + versions.stream().map(StoredDefinition::version).toList()));
  }
}
