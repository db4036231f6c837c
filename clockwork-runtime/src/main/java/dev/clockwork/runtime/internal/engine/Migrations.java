package dev.clockwork.runtime.internal.engine;

import dev.clockwork.core.definition.MachineDefinition;
import dev.clockwork.core.interpreter.InstanceStatus;
import dev.clockwork.core.interpreter.Interpreter;
import dev.clockwork.core.interpreter.UnmappedStatesException;
import dev.clockwork.runtime.internal.SnapshotCodec;
import dev.clockwork.runtime.internal.VersionMoves;
import dev.clockwork.runtime.internal.deploy.Deployments;
import dev.clockwork.runtime.migration.MigrationReport;
import dev.clockwork.runtime.migration.MigrationRequest;
import dev.clockwork.runtime.store.InstanceRecord;
import dev.clockwork.runtime.store.Store;
import dev.clockwork.runtime.store.StoredEntry;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Moves the running instances of one version of a machine onto another through a state mapping, one
 * instance at a time under its lease (an event being processed finishes first; one arriving waits).
 * Instances no longer on the old version — moved by an earlier run, finished — are left, so a
 * repeated run moves what is left. A dry run reads and reports, and changes nothing.
 */
public final class Migrations {
  private static final int LISTED = 100;

  private final Store store;
  private final Clock clock;
  private final VersionMoves moves;
  private final Deployments deployments;

  Migrations(Store store, Clock clock, VersionMoves moves, Deployments deployments) {
    this.store = store;
    this.clock = clock;
    this.moves = moves;
    this.deployments = deployments;
  }

  public MigrationReport run(MigrationRequest request, boolean dryRun) {
    MachineDefinition from = deployments.shown(request.machine(), request.from());
    MachineDefinition to = deployments.shown(request.machine(), request.to());
    Map<String, Integer> configurations = new TreeMap<>();
    Map<String, Integer> unmapped = new TreeMap<>();
    List<String> refusedIds = new ArrayList<>();
    int migrated = 0;
    int refused = 0;
    for (String id : store.instances().instanceIds(request.machine())) {
      InstanceRecord record = store.instances().find(id).orElse(null);
      if (record == null
          || record.version() != request.from()
          || record.status() != InstanceStatus.ACTIVE) {
        continue;
      }
      configurations.merge(configuration(record), 1, Integer::sum);
      try {
        if (dryRun) {
          Interpreter.migrate(
              SnapshotCodec.toSnapshot(from, record), to, request.mapping(), clock.instant());
          migrated++;
        } else if (moves.migrate(id, from, to, request.mapping())) {
          migrated++;
        }
      } catch (UnmappedStatesException e) {
        refused++;
        e.unmapped().forEach(path -> unmapped.merge(path, 1, Integer::sum));
        if (refusedIds.size() < LISTED) {
          refusedIds.add(id);
        }
      }
    }
    return new MigrationReport(
        request, dryRun, configurations, unmapped, migrated, refused, refusedIds);
  }

  /** The instance's active leaf states, joined: {@code fulfilment.packing, billing.invoiced}. */
  private static String configuration(InstanceRecord record) {
    List<String> paths = record.active().stream().map(StoredEntry::path).toList();
    List<String> leaves = new ArrayList<>();
    for (String path : paths) {
      if (!path.isEmpty() && paths.stream().noneMatch(p -> p.startsWith(path + "."))) {
        leaves.add(path);
      }
    }
    return String.join(", ", leaves);
  }
}
