package dev.clockwork.runtime;

import dev.clockwork.core.definition.MachineDefinition;
import dev.clockwork.definition.DefinitionFormatException;
import dev.clockwork.runtime.health.VersionProblem;
import dev.clockwork.runtime.internal.MachineRegistry;
import dev.clockwork.runtime.internal.deploy.Deployments;
import dev.clockwork.runtime.internal.engine.Migrations;
import dev.clockwork.runtime.internal.engine.Upgrades;
import dev.clockwork.runtime.migration.MigrationReport;
import dev.clockwork.runtime.migration.MigrationRequest;
import dev.clockwork.runtime.store.DefinitionStore;
import dev.clockwork.runtime.store.definition.DefinitionConflictException;
import dev.clockwork.runtime.store.definition.StoredDefinition;
import java.util.List;

/**
 * The machine definitions an engine runs, every version of each: registering another version,
 * deploying one for every node (stored as a document), reading the newest, showing any deployed
 * version, and moving older instances onto the newest.
 *
 * <pre>{@code
 * engine.machines().register(orderV2);
 * MachineDefinition newest = engine.machines().latest("order"); // version 2
 * int moved = engine.machines().upgradeInstances("order");       // after a deploy, without start()
 * List<String> ids = engine.machines().ids();                    // [order, payment]
 * engine.machines().deploy("refund.yaml", yaml);                  // stored for every node
 * }</pre>
 */
public final class Machines {
  private final MachineRegistry registry;
  private final Upgrades upgrades;
  private final Deployments deployments;
  private final Migrations migrations;
  private final DefinitionStore stored;

  Machines(
      MachineRegistry registry,
      Upgrades upgrades,
      Deployments deployments,
      Migrations migrations,
      DefinitionStore stored) {
    this.registry = registry;
    this.upgrades = upgrades;
    this.deployments = deployments;
    this.migrations = migrations;
    this.stored = stored;
  }

  /**
   * Registers (another version of) a machine on this node; new instances run the newest version.
   * {@code Engine.start()} deploys it; {@link #deploy(MachineDefinition)} does at once.
   */
  public void register(MachineDefinition definition) {
    registry.register(definition);
  }

  /**
   * Registers {@code definition} and stores it as its version, so every node and the dashboard can
   * show it; a node that has every behaviour it names runs it. Deploying a version again with the
   * same structure changes nothing.
   *
   * @throws DefinitionConflictException when the version is deployed with another structure: give
   *     the changed machine a new version
   */
  public StoredDefinition deploy(MachineDefinition definition) {
    return deployments.deploy(definition);
  }

  /**
   * Stores a machine written as data — YAML or JSON in the format of {@code machine.schema.json} —
   * as its version; this node runs it when it has every behaviour it names (built-ins need no
   * code), and shows it otherwise (its health says what is missing).
   *
   * <pre>{@code
   * engine.machines().deploy("order.yaml", Files.readString(Path.of("order.yaml")));
   * }</pre>
   *
   * @param source the name errors give the text, e.g. its file name
   * @throws DefinitionFormatException naming the source, line, path and fix of a mistake
   * @throws DefinitionConflictException when the version is deployed with another document
   */
  public StoredDefinition deploy(String source, String text) {
    return deployments.deploy(source, text);
  }

  /**
   * Takes the versions deployed elsewhere since the last look (a started engine does this every 5
   * seconds): registers those this node can run, keeps the others to show.
   */
  public void refresh() {
    deployments.refresh();
  }

  /** Every deployed version of {@code machine}, newest first; empty when none was deployed. */
  public List<StoredDefinition> deployed(String machine) {
    return stored.versions(machine);
  }

  /** The ids of the machines with a deployed version, sorted. */
  public List<String> deployedIds() {
    return stored.machines();
  }

  /**
   * Version {@code version} of {@code machine} as this node can show it (a diagram, a state list):
   * registered here, or deployed elsewhere and read with stand-ins for the behaviours this node
   * lacks — such a definition is never run.
   *
   * @throws dev.clockwork.runtime.error.UnknownMachineException when the version is neither
   */
  public MachineDefinition shown(String machine, int version) {
    return deployments.shown(machine, version);
  }

  /**
   * The deployed versions this node does not run as deployed: it lacks behaviours they name, or its
   * code differs from the deployed document. Also in the health report.
   */
  public List<VersionProblem> problems() {
    return deployments.problems();
  }

  /**
   * The newest registered version of {@code machine}.
   *
   * @throws dev.clockwork.runtime.error.UnknownMachineException naming the machines registered
   */
  public MachineDefinition latest(String machine) {
    return registry.latest(machine);
  }

  /** The ids of every machine this node runs (registered, or deployed and runnable), sorted. */
  public List<String> ids() {
    return registry.ids().stream().sorted().toList();
  }

  /**
   * Moves the running instances of one version onto another through a state mapping ({@code
   * old.path=new.path}: renames, splits, moves into new enclosing states), one at a time under its
   * lease; their entries, context and timers' anchors are kept, each move is in the instance's
   * history ({@code @migrate}), and an instance whose states the mapping leaves unmapped is refused
   * and reported. Run it with {@code dryRun} first: it reports the instances per active
   * configuration and every unmapped state, and changes nothing. A repeated run moves what is left.
   * Both versions must be registered here or deployed ({@link #deployed}).
   */
  public MigrationReport migrate(MigrationRequest request, boolean dryRun) {
    return migrations.run(request, dryRun);
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
