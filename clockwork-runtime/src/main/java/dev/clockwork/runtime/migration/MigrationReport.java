package dev.clockwork.runtime.migration;

import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * What a migration found (a dry run) or did.
 *
 * @param request what was asked
 * @param dryRun true when nothing was changed
 * @param configurations (sorted) the active configurations of the instances on the old version
 *     (their active leaf states, joined by {@code ", "}), with how many instances are in each
 * @param unmapped each old active state the mapping leaves without a state in the new version (or
 *     makes clash), with how many instances are in it
 * @param migrated how many instances were moved (a dry run: how many would be)
 * @param refused how many instances cannot be moved: their states are unmapped
 * @param refusedIds the first 100 of them
 */
public record MigrationReport(
    MigrationRequest request,
    boolean dryRun,
    Map<String, Integer> configurations,
    Map<String, Integer> unmapped,
    int migrated,
    int refused,
    List<String> refusedIds) {
  public MigrationReport {
    configurations = Collections.unmodifiableMap(new TreeMap<>(configurations));
    unmapped = Collections.unmodifiableMap(new TreeMap<>(unmapped));
    refusedIds = List.copyOf(refusedIds);
  }
}
