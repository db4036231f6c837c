package dev.clockwork.runtime.store;

import dev.clockwork.runtime.queue.Lease;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * The store's role that workers use: claims and leases on instances with work due, the commits of
 * their turns, broadcast delivery, and waiting for work (SPI: a role of {@link Store}).
 *
 * <p>Instances are processed under a {@link Lease}: at most one valid lease per instance at any
 * time, and writes made under a lease are refused once it is no longer valid. A lease stops being
 * valid when it is released or another owner takes it over (which an owner may do once it has
 * expired) — not by expiring alone: until someone takes it over, an expired lease still renews and
 * commits.
 *
 * <p>An instance has work <em>due</em> at an instant when, with nothing holding it back, its
 * queue's head event is available or one of its armed timers is due. A queued event or a timer fire
 * that waits for a retry holds back everything behind it until its retry instant.
 */
public interface WorkStore {

  /**
   * Leases up to {@code request.maxInstances()} instances of the requested machines that have work
   * due at {@code request.now()} and that no valid lease holds (expired leases are taken over),
   * best first: the priority of the head event (instances with only a due timer count as normal),
   * then how long the work has been due. Each comes with up to {@code maxEvents} available events
   * from the head of its queue, in queue order, stopping at the first that is not available. No
   * machine gets more instances leased than its cap, counting every node's valid leases except the
   * request's {@linkplain ClaimRequest#committing() committing} ones (turns that have run and wait
   * for their commit's flush); claimers of one machine take turns, so the cap holds across nodes.
   * Paused machines are not claimed, nor instances in queues the request does not serve, nor the
   * instances the request says its node {@linkplain ClaimRequest#held() holds}.
   */
  List<Claim> claim(ClaimRequest request);

  /**
   * Leases one instance for a synchronous send, whatever its queue holds; empty when another valid
   * lease holds it (or the instance does not exist). The claim carries no events.
   */
  Optional<Claim> lease(String instanceId, String owner, Duration leaseTime, Instant now);

  /** Extends a lease; empty when it is no longer valid. */
  Optional<Lease> renew(Lease lease, Instant newExpiry);

  /** Gives up a lease (no effect when it is no longer valid). */
  void release(Lease lease);

  /**
   * Writes commits in one transaction: per commit the instance (revision checked) or the inserted
   * instance, history, consumed, retried and outgoing queue rows, dead letters and broadcasts, and
   * gives the lease of each written commit up (a refused group keeps its leases: its caller gives
   * them up). A {@linkplain StepCommit#group() group} is written whole or not at all: it is refused
   * when one of its commits' leases is no longer valid, its revision is not one above the stored
   * one, an instance it inserts already exists, or the lease of the region job it finishes is no
   * longer valid ({@link dev.clockwork.runtime.store.rule.CommitDecision} decides it for both
   * shipped stores). Region jobs a commit dispatches are stored with it (and a finished one
   * deleted). Inserts are written before any outgoing event, so an event may go to an instance its
   * group creates. Events to instances that do not exist are dropped (and logged).
   *
   * <p>When this throws, nothing was written.
   *
   * @return the refused groups, with the reason of each
   */
  CommitResult commit(List<StepCommit> commits);

  /**
   * Stores a new instance with its first history rows: {@link #commit} of one insert.
   *
   * @throws DuplicateInstanceException when the id is taken
   */
  default void create(InstanceRecord record, List<HistoryEntry> history) {
    CommitResult result = commit(List.of(StepCommit.insert(record).history(history).build()));
    if (!result.written(record.id())) {
      throw new DuplicateInstanceException(record.id());
    }
  }

  /**
   * Delivers broadcasts that commits wrote: for each, one queued event per active instance of its
   * machine in its state, a page of up to {@code pageSize} targets per transaction, each page's
   * events and the broadcast's progress written together, so a broadcast interrupted by a crash
   * goes on where it stopped and no target gets it twice.
   *
   * @return how many events were queued
   */
  int deliverBroadcasts(Instant now, int pageSize);

  /**
   * The earliest instant at which an instance of {@code machines} (every machine when null) in
   * {@code queues} (every queue when null) that no valid lease holds at {@code now}, and whose
   * machine's queue is not paused, has work due: its head event available, a timer due, or a retry.
   * May be before {@code now} (work waiting to be claimed).
   */
  Optional<Instant> nextDue(Instant now, Set<String> machines, Set<String> queues);

  /**
   * Waits until work may be available (an enqueue, a released lease, a stored or retried region
   * job) or {@code max} passes.
   */
  void awaitWork(Duration max) throws InterruptedException;

  /**
   * The current instant by the clock every node of a shared store agrees on (PostgreSQL's), or
   * empty for a store only one process uses. Engines measure their clock against it and run on it
   * (see {@code Engine.Builder.alignClockWithStore}), so a node whose own clock is wrong neither
   * fires timers early nor takes leases that have not expired.
   */
  default Optional<Instant> sharedTime() {
    return Optional.empty();
  }
}
