package dev.clockwork.runtime.internal.engine;

import dev.clockwork.runtime.admin.QueueAdmin;
import dev.clockwork.runtime.config.Settings;
import dev.clockwork.runtime.internal.Listeners;
import dev.clockwork.runtime.internal.MachineRegistry;
import dev.clockwork.runtime.internal.deploy.Deployments;
import dev.clockwork.runtime.internal.retention.RetentionSteps;
import dev.clockwork.runtime.internal.worker.PeriodicTasks;
import dev.clockwork.runtime.internal.worker.StartTasks;
import dev.clockwork.runtime.parallel.RegionJobs;
import dev.clockwork.runtime.store.Store;
import java.time.Clock;

/**
 * The wired parts an {@code Engine} holds and delegates to ({@link EngineWiring#wire}).
 *
 * @param settings the settings, resolved once
 * @param clock the engine's clock (aligned with the store's when that is on)
 * @param store the store
 * @param machines the registered machine definitions
 * @param listeners every listener, the engine's own and the user's
 * @param queues operating the queues
 * @param regionJobs the region jobs, to see and run by hand
 * @param periodicTasks the tasks the engine's task thread runs
 * @param startTasks the tasks the engine runs once when it starts
 * @param retentionSteps the purges modules add to the engine's retention pass
 * @param creations creating instances
 * @param events sending and queueing events
 * @param due running due work in the caller's thread
 * @param upgrades moving instances onto the newest versions
 * @param deployments storing versions and taking those deployed elsewhere
 * @param migrations moving running instances between versions through a state mapping
 * @param lifecycle starting and stopping the engine's threads
 */
public record EngineParts(
    Settings settings,
    Clock clock,
    Store store,
    MachineRegistry machines,
    Listeners listeners,
    QueueAdmin queues,
    RegionJobs regionJobs,
    PeriodicTasks periodicTasks,
    StartTasks startTasks,
    RetentionSteps retentionSteps,
    Creations creations,
    EventIntake events,
    DueWork due,
    Upgrades upgrades,
    Deployments deployments,
    Migrations migrations,
    Lifecycle lifecycle) {}
