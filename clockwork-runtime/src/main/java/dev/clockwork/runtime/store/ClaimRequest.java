package dev.clockwork.runtime.store;

import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.UUID;

/**
 * What a worker asks {@link WorkStore#claim} for: leases on up to {@code maxInstances} instances
 * that have work due at {@code now}, each with up to {@code maxEvents} available events at the head
 * of its queue.
 *
 * @param owner the name the leases are taken under
 * @param leaseTime how long the leases last without renewal
 * @param now the engine clock's instant: what is due, and when leases expire, is decided by it
 * @param maxInstances the most instances to lease (a worker asks for no more than it has free
 *     threads)
 * @param maxEvents the most events per instance
 * @param caps the machines to claim, each with its concurrency cap: no more instances of a machine
 *     are leased at once, counting the valid leases every node holds except those in {@code
 *     committing}
 * @param timers whether instances whose only due work is a timer are claimed (false while the
 *     queues are over the backpressure threshold: timers wait, queued events are served)
 * @param versions the newest version of each machine the claiming node knows: instances on a newer
 *     version are left to the nodes that know it (a rolling deploy); a machine not in it, any
 *     version
 * @param queues the queues whose instances are claimed ({@code InstanceMetadata.queue}); null for
 *     every queue
 * @param committing the tokens of the claiming node's leases whose turns have run and whose commits
 *     are being written: they still hold their instances, but take no room under a cap (a cap
 *     counts running turns, not commits waiting for their flush)
 * @param held the instances the claiming node holds leases on now (turns running or committing):
 *     never claimed by this request, whatever their lease says. They are leased already (by this
 *     node), so a store skips them without reading their leases — which at the head of the due
 *     order, where a node's own turns wait for their commits, is most of what a claim reads — and
 *     an instance whose lease lapsed while its turn still runs here is not given a second turn on
 *     the same node
 */
public record ClaimRequest(
    String owner,
    Duration leaseTime,
    Instant now,
    int maxInstances,
    int maxEvents,
    Map<String, Integer> caps,
    boolean timers,
    Map<String, Integer> versions,
    Set<String> queues,
    Set<UUID> committing,
    Set<String> held) {
  public ClaimRequest {
    Objects.requireNonNull(owner, "owner");
    Objects.requireNonNull(leaseTime, "leaseTime");
    Objects.requireNonNull(now, "now");
    caps = Map.copyOf(caps);
    versions = Map.copyOf(versions);
    queues = queues == null ? null : Set.copyOf(queues);
    committing = Set.copyOf(committing);
    held = Set.copyOf(held);
    if (maxEvents < 1) {
      throw new IllegalArgumentException("maxEvents must be 1 or more, not " + maxEvents);
    }
  }

  /** A request for instances of any version, in any queue. */
  public ClaimRequest(
      String owner,
      Duration leaseTime,
      Instant now,
      int maxInstances,
      int maxEvents,
      Map<String, Integer> caps,
      boolean timers) {
    this(
        owner,
        leaseTime,
        now,
        maxInstances,
        maxEvents,
        caps,
        timers,
        Map.of(),
        null,
        Set.of(),
        Set.of());
  }

  /** The newest version of {@code machine} this request claims instances of. */
  public int newestVersion(String machine) {
    return versions.getOrDefault(machine, Integer.MAX_VALUE);
  }

  /** True when the request claims instances of {@code queue}. */
  public boolean serves(String queue) {
    return queues == null || queues.contains(queue);
  }

  /** The same request for instances of at most {@code newest} versions. */
  public ClaimRequest withVersions(Map<String, Integer> newest) {
    return new ClaimRequest(
        owner,
        leaseTime,
        now,
        maxInstances,
        maxEvents,
        caps,
        timers,
        newest,
        queues,
        committing,
        held);
  }

  /** The same request with another {@code maxInstances}. */
  public ClaimRequest withMaxInstances(int instances) {
    return new ClaimRequest(
        owner,
        leaseTime,
        now,
        instances,
        maxEvents,
        caps,
        timers,
        versions,
        queues,
        committing,
        held);
  }

  /** The same request for instances of {@code served} queues only (null: every queue). */
  public ClaimRequest withQueues(Set<String> served) {
    return new ClaimRequest(
        owner,
        leaseTime,
        now,
        maxInstances,
        maxEvents,
        caps,
        timers,
        versions,
        served,
        committing,
        held);
  }

  /** The same request with {@code tokens} as the leases whose commits are being written. */
  public ClaimRequest withCommitting(Set<UUID> tokens) {
    return new ClaimRequest(
        owner,
        leaseTime,
        now,
        maxInstances,
        maxEvents,
        caps,
        timers,
        versions,
        queues,
        tokens,
        held);
  }

  /** The same request with {@code instanceIds} as the instances the claiming node holds. */
  public ClaimRequest withHeld(Set<String> instanceIds) {
    return new ClaimRequest(
        owner,
        leaseTime,
        now,
        maxInstances,
        maxEvents,
        caps,
        timers,
        versions,
        queues,
        committing,
        instanceIds);
  }
}
