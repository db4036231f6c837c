package dev.clockwork.runtime.internal.engine;

import dev.clockwork.runtime.admin.QueueAdmin;
import dev.clockwork.runtime.config.Settings;
import dev.clockwork.runtime.health.StoreOutage;
import dev.clockwork.runtime.internal.MachineRegistry;
import dev.clockwork.runtime.internal.deploy.Deployments;
import dev.clockwork.runtime.internal.parallel.RegionJobWorkers;
import dev.clockwork.runtime.internal.worker.StartTasks;
import dev.clockwork.runtime.internal.worker.Workers;
import java.util.Optional;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** Starts and stops an engine's threads: the workers, and the region job threads when in use. */
public final class Lifecycle {
  private static final Logger LOG = LoggerFactory.getLogger(Lifecycle.class);

  private final Settings settings;
  private final MachineRegistry machines;
  private final Deployments deployments;
  private final Upgrades upgrades;
  private final StartTasks startTasks;
  private final Workers workers;
  private final RegionJobWorkers regionJobWorkers;
  private final BooleanSupplier dispatchInUse;
  private final QueueAdmin queues;
  private final Supplier<Optional<StoreOutage>> outage;

  /**
   * @param regionJobWorkers the region job threads, or null when there are none
   * @param dispatchInUse whether a registered machine has parallel dispatch on
   * @param outage the store's failures as this process's workers meet them
   */
  Lifecycle(
      Settings settings,
      MachineRegistry machines,
      Deployments deployments,
      Upgrades upgrades,
      StartTasks startTasks,
      Workers workers,
      RegionJobWorkers regionJobWorkers,
      BooleanSupplier dispatchInUse,
      QueueAdmin queues,
      Supplier<Optional<StoreOutage>> outage) {
    this.settings = settings;
    this.machines = machines;
    this.deployments = deployments;
    this.upgrades = upgrades;
    this.startTasks = startTasks;
    this.workers = workers;
    this.regionJobWorkers = regionJobWorkers;
    this.dispatchInUse = dispatchInUse;
    this.queues = queues;
    this.outage = outage;
  }

  /**
   * Deploys the machines registered in code and takes those deployed elsewhere that this node can
   * run, checks that every machine the settings configure is known, upgrades older instances to the
   * newest versions (unless {@code workers.upgrade_on_start} is off), runs the start tasks, then
   * starts the workers and — when a machine dispatches in parallel — the region job threads.
   */
  public void start() {
    deployments.deployRegistered();
    deployments.refresh();
    settings.checkMachines(machines.ids());
    if (settings.workers().upgradeOnStart()) {
      machines.ids().forEach(upgrades::upgrade);
    }
    startTasks.runAll();
    workers.start();
    if (regionJobWorkers != null && dispatchInUse.getAsBoolean()) {
      regionJobWorkers.start();
    }
  }

  /**
   * Stops the region job threads and the workers (turns in progress finish for the shutdown
   * timeout), then records the queue activity of the last seconds — unless the store is failing: a
   * stop does not wait on a database that does not answer (each call would wait out the connection
   * pool's timeout).
   */
  public void stop() {
    if (regionJobWorkers != null) {
      regionJobWorkers.stop();
    }
    workers.stop();
    Optional<StoreOutage> failing = outage.get();
    if (failing.isPresent()) {
      LOG.warn(
          "the queue activity of this engine's last seconds is not recorded: {}",
          failing.get().describe());
      return;
    }
    try {
      queues.flushActivity();
    } catch (RuntimeException e) {
      // the store may be closed already; the counts are only figures for operators
      LOG.warn(
          "could not record the queue activity of this engine's last seconds: {}", e.toString());
    }
  }
}
