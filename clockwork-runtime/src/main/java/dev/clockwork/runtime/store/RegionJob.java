package dev.clockwork.runtime.store;

import dev.clockwork.core.event.Event;
import java.time.Instant;
import java.util.Map;
import java.util.Objects;

/**
 * A parallel region's entry action, dispatched as a durable job (parallel dispatch): written with
 * the commit of the turn that entered the parallel state, runnable once that commit is written, run
 * by any worker without the instance's lease. The job names the state entries it was made for, so a
 * job whose instance has moved on is recognised as stale.
 *
 * @param id the store's id (0 before it is stored)
 * @param instanceId the instance whose region this is
 * @param machine the instance's machine
 * @param queue the queue the job is routed to ({@code null}: the default queue)
 * @param parallelState the path of the parallel state entered
 * @param parallelEntry the entry id of that parallel state
 * @param region the path of the region (a child of the parallel state)
 * @param initialState the path of the region's initial state, whose entry actions the job runs
 * @param initialEntry the entry id of that initial state
 * @param baseline the instance's context when the jobs were dispatched (the commit's context): a
 *     key whose value differs from it when the job's result is applied was written by someone else
 * @param attempts failed attempts so far
 * @param availableAt when the job may run (its next retry after a failure)
 * @param createdAt when it was dispatched
 * @param lastError the last failed attempt's error, null before any
 */
public record RegionJob(
    long id,
    String instanceId,
    String machine,
    String queue,
    String parallelState,
    long parallelEntry,
    String region,
    String initialState,
    long initialEntry,
    Map<String, Object> baseline,
    Event trigger,
    int attempts,
    Instant availableAt,
    Instant createdAt,
    String lastError) {

  /** The queue name a job without one is routed to. */
  public static final String DEFAULT_QUEUE = "default";

  public RegionJob {
    Objects.requireNonNull(instanceId, "instanceId");
    Objects.requireNonNull(machine, "machine");
    Objects.requireNonNull(parallelState, "parallelState");
    Objects.requireNonNull(region, "region");
    Objects.requireNonNull(initialState, "initialState");
    Objects.requireNonNull(availableAt, "availableAt");
    Objects.requireNonNull(createdAt, "createdAt");
    baseline = baseline == null ? Map.of() : baseline;
    Objects.requireNonNull(trigger, "trigger");
  }

  /** The queue the job is served from: its own, or {@link #DEFAULT_QUEUE}. */
  public String queueName() {
    return queue == null ? DEFAULT_QUEUE : queue;
  }

  /** The same job as stored under {@code storedId}. */
  public RegionJob withId(long storedId) {
    return new RegionJob(
        storedId,
        instanceId,
        machine,
        queue,
        parallelState,
        parallelEntry,
        region,
        initialState,
        initialEntry,
        baseline,
        trigger,
        attempts,
        availableAt,
        createdAt,
        lastError);
  }

  /**
   * The same job as a claim leases it until {@code expiry}: one more attempt, not available before.
   */
  public RegionJob leased(Instant expiry) {
    return failed(attempts + 1, lastError, expiry);
  }

  /** The same job after a failed attempt, available again at {@code retryAt}. */
  public RegionJob failed(int attemptsSoFar, String error, Instant retryAt) {
    return new RegionJob(
        id,
        instanceId,
        machine,
        queue,
        parallelState,
        parallelEntry,
        region,
        initialState,
        initialEntry,
        baseline,
        trigger,
        attemptsSoFar,
        retryAt,
        createdAt,
        error);
  }
}
