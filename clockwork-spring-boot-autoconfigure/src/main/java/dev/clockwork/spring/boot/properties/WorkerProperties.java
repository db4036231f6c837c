package dev.clockwork.spring.boot.properties;

import java.time.Duration;
import java.util.List;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * The workers of this node ({@code clockwork.workers.*}): the {@code workers:} block of {@code
 * clockwork.yaml}, but for {@code auto-startup}, which is Spring's alone. Unset values take the
 * engine's defaults.
 *
 * @param autoStartup whether the workers start with the application context (off: the application
 *     calls {@code engine.runDue()} or starts the engine itself)
 * @param threads worker threads
 * @param owner this node's name in leases
 * @param leaseTime how long a lease lasts without a heartbeat
 * @param lockTimeout how long a synchronous send waits for an instance's lease
 * @param eventsPerClaim events one claim runs per instance
 * @param pollInterval how often idle workers look for work (woken sooner by notifications)
 * @param shutdownTimeout how long shutdown waits for turns in progress before giving them back
 * @param queues the queues this node serves (all when empty)
 * @param upgradeOnStart whether older instances move to the newest versions at start
 * @param regionJobThreads region jobs (parallel dispatch) this node runs at once (0: only by hand)
 * @param regionJobQueues the queues whose region jobs this node runs (all when empty)
 * @param alignClockWithStore whether the engine runs on the database's clock (on by default)
 * @param retentionInterval how often this node runs a retention pass
 */
public record WorkerProperties(
    @DefaultValue("true") boolean autoStartup,
    Integer threads,
    String owner,
    Duration leaseTime,
    Duration lockTimeout,
    Integer eventsPerClaim,
    Duration pollInterval,
    Duration shutdownTimeout,
    List<String> queues,
    Boolean upgradeOnStart,
    Integer regionJobThreads,
    List<String> regionJobQueues,
    Boolean alignClockWithStore,
    Duration retentionInterval) {

  public WorkerProperties {
    queues = queues == null ? List.of() : List.copyOf(queues);
    regionJobQueues = regionJobQueues == null ? List.of() : List.copyOf(regionJobQueues);
  }
}
