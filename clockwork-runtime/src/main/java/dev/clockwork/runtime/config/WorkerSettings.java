package dev.clockwork.runtime.config;

import java.time.Duration;
import java.util.Set;

/**
 * How this engine's workers run: the {@code workers:} block of {@code clockwork.yaml}, {@code
 * s.workers(w -> …)} in code, {@code clockwork.workers.*} in Spring Boot. Unlike the queue
 * settings, which every node sharing a database should agree on, these are the node's own.
 *
 * @param threads worker threads started by {@code Engine.start()}: up to this many instances are
 *     processed at once by this engine ({@code threads}, default 16)
 * @param owner the name leases are taken under ({@code owner}, default {@code <pid@host>-<random>})
 * @param leaseTime how long a lease lasts without renewal ({@code lease_time}, default 30 s); a
 *     crashed worker's instances are taken over after it
 * @param lockTimeout how long a synchronous send or emit waits for a busy instance ({@code
 *     lock_timeout}, default 10 s)
 * @param eventsPerClaim events a worker processes per turn on one instance ({@code
 *     events_per_claim}, default 20)
 * @param pollInterval the longest an idle worker waits before looking for work again ({@code
 *     poll_interval}, default 1 s)
 * @param shutdownTimeout how long {@code close()} lets turns in progress finish before it
 *     interrupts them and gives their events back unspent ({@code shutdown_timeout}, default 10 s)
 * @param upgradeOnStart whether {@code Engine.start()} first moves instances of older machine
 *     versions onto the newest ({@code upgrade_on_start}, default true; with millions of instances,
 *     turn it off and run {@code engine.machines().upgradeInstances} from a deploy job instead)
 * @param queues the queues this engine serves: its workers (and {@code runDue}, {@code nextDue})
 *     claim the work of instances in these queues only ({@code queues: high-priority, default}), so
 *     instances routed to a queue (by {@code NewInstance.queue}, a schedule's {@code queue}, or
 *     {@code queue.name}) run on the nodes that serve it; null (the default) for every queue. A
 *     synchronous {@code send} runs in the caller's thread, whatever the queue. Region jobs have
 *     queues of their own ({@code region_job_queues})
 * @param regionJobThreads how many region jobs (parallel dispatch) this engine runs at once, on
 *     threads of their own started by {@code Engine.start()} ({@code region_job_threads}, default
 *     as many as {@code threads}); zero runs none by themselves — only {@code engine.regionJobs()}
 *     runs them, by hand (the test kit's way)
 * @param regionJobQueues the queues whose region jobs this engine runs (the {@code queue} of {@code
 *     parallel_dispatch}, {@code default} when a machine names none; {@code region_job_queues});
 *     null (the default) for every queue. Routing a machine's jobs to a queue only some nodes serve
 *     keeps slow entry actions on those nodes
 * @param alignClockWithStore whether the engine runs on the clock of a store several nodes share
 *     (PostgreSQL's; {@code align_clock_with_store}): read when the engine is built and every 30 s
 *     while it runs, carried forward on the process's monotonic clock, so due timers and lease
 *     expiry are judged by one time on every node, and a node whose clock is wrong or steps (time
 *     synchronisation down, an NTP correction) neither fires timers early nor takes leases that
 *     have not expired; a warning is logged when the host's clock is a second or more off. Null
 *     (the default): on with the system clock, off once a clock is given in code (a virtual clock
 *     is followed as it is); true with a clock given in code follows the store's clock instead as
 *     soon as it is read
 * @param retentionInterval how often this engine's workers run a retention pass, which removes what
 *     the {@code retention} block no longer keeps; one node of those sharing a store runs it at a
 *     time ({@code retention_interval}, default 1 minute)
 */
public record WorkerSettings(
    int threads,
    String owner,
    Duration leaseTime,
    Duration lockTimeout,
    int eventsPerClaim,
    Duration pollInterval,
    Duration shutdownTimeout,
    boolean upgradeOnStart,
    Set<String> queues,
    int regionJobThreads,
    Set<String> regionJobQueues,
    Boolean alignClockWithStore,
    Duration retentionInterval) {

  public WorkerSettings {
    queues = queues == null ? null : Set.copyOf(queues);
    regionJobQueues = regionJobQueues == null ? null : Set.copyOf(regionJobQueues);
  }

  /** True when this engine serves {@code queue}. */
  public boolean serves(String queue) {
    return queues == null || queues.contains(queue);
  }
}
