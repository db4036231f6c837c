package dev.clockwork.runtime.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import dev.clockwork.core.event.Event;
import dev.clockwork.core.event.TimerFire;
import dev.clockwork.core.interpreter.ArmedTimer;
import dev.clockwork.runtime.instance.InstanceMetadata;
import dev.clockwork.runtime.queue.AttemptError;
import dev.clockwork.runtime.queue.Priority;
import dev.clockwork.runtime.queue.QueuedEvent;
import dev.clockwork.runtime.store.CommitResult.Refusal;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * The store contract for claims: which instances have work due ({@link Store#claim}, {@link
 * Store#nextDue}), in which order, within which caps, and the leases that hold them. Subclass it
 * once per store.
 */
public abstract class ClaimContractTest extends StoreContract {

  // ---- what is due ----

  @Test
  void claimsAnInstanceWhoseHeadEventIsAvailableWithItsEventsInQueueOrder() {
    create("o-1");
    enqueue("o-1", "A", T0);
    enqueue("o-1", "B", T0);
    enqueue("o-1", "C", T0);

    List<Claim> claims = claim(T0);

    assertThat(claims)
        .singleElement()
        .satisfies(
            c -> {
              assertThat(c.instance()).isEqualTo(store.instances().find("o-1").orElseThrow());
              assertThat(c.events()).extracting(this::typeOf).containsExactly("A", "B", "C");
              assertThat(c.lease().instanceId()).isEqualTo("o-1");
              assertThat(c.lease().owner()).isEqualTo("w1");
              assertThat(c.lease().expiresAt()).isEqualTo(T0.plus(LEASE));
            });
  }

  @Test
  void anEventIsNotDueBeforeItIsAvailable() {
    create("o-1");
    store.queue().enqueue(availableAt(event("o-1", "LATER", T0), T0.plusSeconds(10)));

    assertThat(claim(T0.plusSeconds(9))).isEmpty();
    assertThat(claimedTypes("o-1", T0.plusSeconds(10))).containsExactly("LATER");
  }

  @Test
  void takesAtMostMaxEventsAndStopsAtTheFirstEventNotAvailable() {
    create("o-1");
    enqueue("o-1", "A", T0);
    enqueue("o-1", "B", T0);
    store.queue().enqueue(availableAt(event("o-1", "C", T0), T0.plusSeconds(100)));
    enqueue("o-1", "D", T0);

    ClaimRequest oneEvent = new ClaimRequest("w1", LEASE, T0, 10, 1, Map.of("order", 10), true);

    assertThat(store.work().claim(oneEvent).get(0).events())
        .extracting(this::typeOf)
        .containsExactly("A");
    assertThat(claimedTypes("o-1", T0.plusSeconds(31))).containsExactly("A", "B");
  }

  @Test
  void anInstanceWhoseTimerIsDueIsClaimedWithNoEvents() {
    create(instance("o-1").timers(timer("waiting", "EXPIRE", T0.plusSeconds(60))));

    assertThat(claim(T0.plusSeconds(59))).isEmpty();
    assertThat(claim(T0.plusSeconds(60)))
        .singleElement()
        .satisfies(
            c -> {
              assertThat(c.instance().id()).isEqualTo("o-1");
              assertThat(c.events()).isEmpty();
            });
  }

  @Test
  void aTimerWhoseFireFailedForGoodIsNeverDue() {
    ArmedTimer failed = timer("waiting", "EXPIRE", T0).asFailed();
    create(instance("o-1").timers(failed));

    assertThat(claim(T0.plusSeconds(3600))).isEmpty();
    assertThat(store.work().nextDue(T0.plusSeconds(3600), null, null)).isEmpty();
  }

  @Test
  void aHeadEventWaitingForItsRetryHoldsBackEverythingBehindItDueTimersIncluded() {
    create(instance("o-1").timers(timer("waiting", "EXPIRE", T0.plusSeconds(5))));
    QueuedEvent first = enqueue("o-1", "A", T0);
    enqueue("o-1", "B", T0);
    Claim claim = claim(T0).get(0);
    commitAll(update(claim).retried(List.of(failedAttempt(first, T0, T0.plusSeconds(10)))));

    assertThat(claim(T0.plusSeconds(9))).isEmpty();
    assertThat(store.work().nextDue(T0.plusSeconds(9), null, null)).contains(T0.plusSeconds(10));
    assertThat(claimedTypes("o-1", T0.plusSeconds(10))).containsExactly("A", "B");
  }

  @Test
  void aTimerFireWaitingForItsRetryHoldsBackEverythingDueEventsIncluded() {
    ArmedTimer retrying = timer("waiting", "REMIND", T0);
    ArmedTimer due = timer("waiting", "EXPIRE", T0.plusSeconds(1));
    create(
        instance("o-1")
            .timers(retrying, due)
            .fireRetry(
                new FireRetry(
                    new TimerFire(retrying.key(), retrying.entryId(), retrying.due()),
                    "REMIND",
                    1,
                    T0.plusSeconds(10),
                    List.of(new AttemptError(1, T0, "Boom: once")))));
    enqueue("o-1", "PAY", T0);

    assertThat(claim(T0.plusSeconds(9))).isEmpty();
    assertThat(store.work().nextDue(T0.plusSeconds(9), null, null)).contains(T0.plusSeconds(10));
    assertThat(claimedTypes("o-1", T0.plusSeconds(10))).containsExactly("PAY");
  }

  @Test
  void anInstanceIsDueByTheTimersItsLastCommitArmed() {
    create(instance("o-1").timers(timer("waiting", "EXPIRE", T0.plusSeconds(60))));
    Claim claim = lease("o-1", T0);
    commitAll(
        update(
            claim,
            InstanceBuilder.nextOf(claim.instance())
                .timers(timer("waiting", "REMIND", T0.plusSeconds(10)))));

    assertThat(store.work().nextDue(T0, null, null)).contains(T0.plusSeconds(10));
    Claim reminded = claim(T0.plusSeconds(10)).get(0);
    commitAll(update(reminded, InstanceBuilder.nextOf(reminded.instance()).in("paid").timers()));

    assertThat(store.work().nextDue(T0.plusSeconds(10), null, null)).isEmpty();
    assertThat(claim(T0.plusSeconds(3600))).isEmpty();
  }

  @Test
  void anInstanceACommitInsertsIsDueByItsTimers() {
    InstanceRecord child =
        instance("child-1").timers(timer("waiting", "EXPIRE", T0.plusSeconds(5))).build();

    commitAll(StepCommit.insert(child).history(List.of(createdRow(child))));

    assertThat(claim(T0.plusSeconds(4))).isEmpty();
    assertThat(claimedIds(T0.plusSeconds(5))).containsExactly("child-1");
  }

  // ---- which first ----

  @Test
  void theBestIsClaimedFirstByHeadPriorityThenByHowLongItsWorkHasBeenDue() {
    create("bulk", "normal-early", "normal-late", "urgent");
    create(instance("timer-only").timers(timer("waiting", "EXPIRE", T0.plusSeconds(1))));
    enqueue("bulk", "PAY", T0, Priority.BULK);
    enqueue("normal-early", "PAY", T0);
    enqueue("normal-late", "PAY", T0.plusSeconds(2));
    enqueue("urgent", "PAY", T0.plusSeconds(3), Priority.CRITICAL);
    Instant now = T0.plusSeconds(10);

    List<String> order = new ArrayList<>();
    for (int i = 0; i < 6; i++) {
      store
          .work()
          .claim(request(now).withMaxInstances(1))
          .forEach(c -> order.add(c.instance().id()));
    }

    assertThat(order)
        .containsExactly("urgent", "normal-early", "timer-only", "normal-late", "bulk");
  }

  @Test
  void anInstanceWhoseOnlyDueWorkIsATimerCountsAsNormalWhateverWaitsInItsQueue() {
    create(instance("timer-only").timers(timer("waiting", "EXPIRE", T0.plusSeconds(1))));
    create("normal");
    store
        .queue()
        .enqueue(
            availableAt(event("timer-only", "URGENT", T0), T0.plusSeconds(100))
                .withPriority(Priority.CRITICAL));
    enqueue("normal", "PAY", T0);

    assertThat(store.work().claim(request(T0.plusSeconds(10)).withMaxInstances(1)))
        .extracting(c -> c.instance().id())
        .containsExactly("normal");
  }

  @Test
  void priorityNeverReordersTheEventsOfOneInstance() {
    create("o-1");
    enqueue("o-1", "PAY", T0);
    enqueue("o-1", "CANCEL", T0, Priority.CRITICAL);

    assertThat(claim(T0).get(0).events())
        .extracting(this::typeOf, QueuedEvent::priority)
        .containsExactly(tuple("PAY", Priority.NORMAL), tuple("CANCEL", Priority.CRITICAL));
  }

  // ---- how many ----

  @Test
  void claimsAtMostMaxInstances() {
    create("o-1", "o-2", "o-3");
    enqueue("o-1", "PAY", T0);
    enqueue("o-2", "PAY", T0);
    enqueue("o-3", "PAY", T0);

    assertThat(store.work().claim(request(T0).withMaxInstances(2))).hasSize(2);
    assertThat(store.work().claim(request(T0).withMaxInstances(2))).hasSize(1);
  }

  @Test
  void aMachinesCapCountsEveryValidLeaseOnItsInstances() {
    for (int i = 0; i < 5; i++) {
      create("o-" + i);
      enqueue("o-" + i, "PAY", T0);
    }
    create(instance("p-1").machine("invoice"));
    store
        .work()
        .lease("p-1", "node-b", LEASE, T0)
        .orElseThrow(); // another machine's: does not count
    Claim sync = store.work().lease("o-0", "sync", LEASE, T0).orElseThrow(); // counts
    store
        .work()
        .lease("o-1", "node-b", LEASE, T0.minus(LEASE))
        .orElseThrow(); // expired: does not count
    ClaimRequest capped = new ClaimRequest("node-a", LEASE, T0, 10, 10, Map.of("order", 3), true);

    assertThat(store.work().claim(capped)).as("o-0 is leased: 2 more fit under the cap").hasSize(2);
    assertThat(store.work().claim(capped)).isEmpty();
    store.work().release(sync.lease());
    assertThat(store.work().claim(capped)).hasSize(1);
  }

  @Test
  void aMachinesCapDoesNotCountTheLeasesOfCommitsBeingWritten() {
    for (int i = 0; i < 5; i++) {
      create("o-" + i);
      enqueue("o-" + i, "PAY", T0);
    }
    ClaimRequest capped = new ClaimRequest("node-a", LEASE, T0, 2, 10, Map.of("order", 2), true);
    List<Claim> first = store.work().claim(capped);
    assertThat(first).hasSize(2);
    assertThat(store.work().claim(capped)).as("both slots run turns").isEmpty();

    Set<UUID> committing = Set.of(first.get(0).lease().token());
    List<Claim> next = store.work().claim(capped.withCommitting(committing));
    assertThat(next).as("one turn's commit is being written: its slot is free").hasSize(1);
    assertThat(next.get(0).instance().id()).isNotIn(first.get(0).instance().id());
    assertThat(store.work().claim(capped.withCommitting(committing))).isEmpty();

    store.work().release(first.get(0).lease()); // its commit written
    store.work().lease(first.get(0).instance().id(), "node-b", LEASE, T0).orElseThrow();
    assertThat(store.work().claim(capped.withCommitting(committing)))
        .as("a token that went stale frees no slot: another node leased the instance since")
        .isEmpty();
  }

  @Test
  void onlyTheMachinesInTheCapsAreClaimed() {
    create("o-1");
    create(instance("p-1").machine("invoice"));
    enqueue("o-1", "PAY", T0);
    store.queue().enqueue(QueuedEvent.of("p-1", "invoice", Event.of("SEND"), "api", T0));

    assertThat(
            store
                .work()
                .claim(new ClaimRequest("w1", LEASE, T0, 10, 10, Map.of("invoice", 5), true)))
        .extracting(c -> c.instance().id())
        .containsExactly("p-1");
    assertThat(
            store.work().claim(new ClaimRequest("w1", LEASE, T0, 10, 10, Map.of("order", 0), true)))
        .isEmpty();
    assertThat(store.work().claim(new ClaimRequest("w1", LEASE, T0, 10, 10, Map.of(), true)))
        .isEmpty();
  }

  @Test
  void withoutTimersOnlyInstancesWithAnAvailableEventAreClaimed() {
    ArmedTimer expiry = timer("waiting", "EXPIRE", T0);
    create(instance("timer-only").timers(expiry));
    create(instance("both").timers(expiry));
    enqueue("both", "PAY", T0);

    assertThat(
            store
                .work()
                .claim(new ClaimRequest("w1", LEASE, T0, 10, 10, Map.of("order", 10), false)))
        .extracting(c -> c.instance().id())
        .containsExactly("both");
    assertThat(claimedIds(T0)).containsExactly("timer-only");
  }

  @Test
  void aPausedMachinesInstancesAreNotClaimed() {
    create("o-1");
    create(instance("p-1").machine("invoice"));
    enqueue("o-1", "PAY", T0);
    store.queue().enqueue(QueuedEvent.of("p-1", "invoice", Event.of("SEND"), "api", T0));
    store.queueAdmin().pause("order");

    assertThat(claimedIds(T0)).containsExactly("p-1");
    store.queueAdmin().resume("order");
    assertThat(claimedIds(T0)).containsExactly("o-1");
  }

  // ---- leases ----

  @Test
  void aLeasedInstanceIsNotClaimedUntilItsLeaseExpiresThenItIsTakenOver() {
    create("o-1");
    enqueue("o-1", "PAY", T0);
    Claim first = claim(T0).get(0);

    assertThat(claim(T0.plus(LEASE).minusMillis(1))).isEmpty();
    Claim second =
        store
            .work()
            .claim(new ClaimRequest("w2", LEASE, T0.plus(LEASE), 10, 10, Map.of("order", 1), true))
            .get(0);

    assertThat(second.lease().owner()).isEqualTo("w2");
    assertThat(second.lease().token()).isNotEqualTo(first.lease().token());
    assertThat(commit(update(first)).refusal("o-1")).contains(Refusal.LEASE_LOST);
    assertThat(commit(update(second)).written("o-1")).isTrue();
  }

  @Test
  void theInstancesTheClaimingNodeHoldsAreNotClaimedEvenWithTheirLeasesExpired() {
    create("o-1");
    create("o-2");
    create("o-3");
    enqueue("o-1", "PAY", T0);
    enqueue("o-2", "PAY", T0);
    enqueue("o-3", "PAY", T0);
    claim(T0); // every lease expires at T0 + LEASE: the node's turns still run
    Instant lapsed = T0.plus(LEASE);

    ClaimRequest holding = request(lapsed).withHeld(Set.of("o-1", "o-3"));
    ClaimRequest servingQueues = holding.withQueues(Set.of(InstanceMetadata.DEFAULT_QUEUE));

    assertThat(store.work().claim(holding))
        .extracting(c -> c.instance().id())
        .containsExactly("o-2");
    // o-2 is leased now: the other ways to find due work (events only under backpressure, some
    // queues only) find nothing either
    assertThat(store.work().claim(withoutTimers(holding))).isEmpty();
    assertThat(store.work().claim(servingQueues)).isEmpty();
    assertThat(store.work().claim(withoutTimers(servingQueues))).isEmpty();
    assertThat(store.work().claim(request(lapsed).withHeld(Set.of("o-2"))))
        .as("held by the same node no more: taken over")
        .extracting(c -> c.instance().id())
        .containsExactlyInAnyOrder("o-1", "o-3");
  }

  private static ClaimRequest withoutTimers(ClaimRequest r) {
    return new ClaimRequest(
        r.owner(),
        r.leaseTime(),
        r.now(),
        r.maxInstances(),
        r.maxEvents(),
        r.caps(),
        false,
        r.versions(),
        r.queues(),
        r.committing(),
        r.held());
  }

  @Test
  void aLeaseForASynchronousSendIsExclusiveAndCarriesNoEvents() {
    create("o-1");
    enqueue("o-1", "PAY", T0);

    Claim claim = store.work().lease("o-1", "sync", LEASE, T0).orElseThrow();

    assertThat(claim.events()).isEmpty();
    assertThat(claim.instance()).isEqualTo(store.instances().find("o-1").orElseThrow());
    assertThat(claim.lease().expiresAt()).isEqualTo(T0.plus(LEASE));
    assertThat(store.work().lease("o-1", "other", LEASE, T0.plusSeconds(10))).isEmpty();
    assertThat(claim(T0.plusSeconds(10))).isEmpty();
    assertThat(store.work().lease("o-1", "other", LEASE, T0.plus(LEASE))).isPresent();
    assertThat(store.work().lease("ghost", "sync", LEASE, T0)).isEmpty();
  }

  @Test
  void aRenewedLeaseHoldsUntilItsNewExpiry() {
    create("o-1");
    Claim claim = lease("o-1", T0);

    assertThat(store.work().renew(claim.lease(), T0.plusSeconds(60)))
        .hasValueSatisfying(l -> assertThat(l.expiresAt()).isEqualTo(T0.plusSeconds(60)));

    assertThat(store.work().lease("o-1", "other", LEASE, T0.plusSeconds(59))).isEmpty();
    assertThat(commit(update(claim)).written("o-1")).as("still the same lease").isTrue();
  }

  @Test
  void aReleasedLeaseCanNeitherBeRenewedNorCommitted() {
    create("o-1");
    Claim claim = lease("o-1", T0);

    store.work().release(claim.lease());

    assertThat(store.work().renew(claim.lease(), T0.plusSeconds(60))).isEmpty();
    assertThat(commit(update(claim)).refusal("o-1")).contains(Refusal.LEASE_LOST);
    assertThat(store.work().lease("o-1", "other", LEASE, T0)).isPresent();
  }

  @Test
  void aLeaseTakenOverCanNeitherRenewNorReleaseTheNewOne() {
    create("o-1");
    Claim stale = lease("o-1", T0);
    Claim fresh = store.work().lease("o-1", "w2", LEASE, T0.plus(LEASE)).orElseThrow();

    assertThat(store.work().renew(stale.lease(), T0.plusSeconds(300))).isEmpty();
    store.work().release(stale.lease());

    assertThat(store.work().lease("o-1", "w3", LEASE, T0.plus(LEASE).plusSeconds(1)))
        .as("w2's lease still holds")
        .isEmpty();
    assertThat(commit(update(fresh)).written("o-1")).isTrue();
  }

  @Test
  void aLeaseIsFencedByItsTokenNotByAClockOfTheStores() {
    create("o-1");
    Claim claim = lease("o-1", T0); // long expired by any real clock

    assertThat(store.work().renew(claim.lease(), T0.plus(LEASE).plusSeconds(1))).isPresent();
    assertThat(commit(update(claim)).written("o-1")).isTrue();
  }

  // ---- nextDue ----

  @Test
  void nextDueIsTheEarliestDueWorkOfTheMachinesAskedForEvenInThePast() {
    create("o-1");
    create(instance("o-2").timers(timer("waiting", "EXPIRE", T0.plusSeconds(60))));
    create(instance("p-1").machine("invoice"));
    enqueue("o-1", "PAY", T0.plusSeconds(30));
    store
        .queue()
        .enqueue(QueuedEvent.of("p-1", "invoice", Event.of("SEND"), "api", T0.plusSeconds(10)));

    assertThat(store.work().nextDue(T0, Set.of("order"), null)).contains(T0.plusSeconds(30));
    assertThat(store.work().nextDue(T0.plusSeconds(100), Set.of("order"), null))
        .contains(T0.plusSeconds(30));
    assertThat(store.work().nextDue(T0, Set.of("invoice"), null)).contains(T0.plusSeconds(10));
    assertThat(store.work().nextDue(T0, null, null)).contains(T0.plusSeconds(10));
    assertThat(store.work().nextDue(T0, Set.of("payment"), null)).isEmpty();
  }

  @Test
  void nextDueIsEmptyWhenNoInstanceHasWork() {
    create("o-1");
    create(instance("o-2").timers(timer("waiting", "EXPIRE", T0).asFailed()));

    assertThat(store.work().nextDue(T0, null, null)).isEmpty();
  }

  @Test
  void nextDueSkipsLeasedInstancesAndPausedMachines() {
    create("o-1", "o-2");
    create(instance("p-1").machine("invoice"));
    enqueue("o-1", "PAY", T0);
    enqueue("o-2", "PAY", T0.plusSeconds(20));
    store
        .queue()
        .enqueue(QueuedEvent.of("p-1", "invoice", Event.of("SEND"), "api", T0.plusSeconds(5)));
    store.work().lease("o-1", "w1", LEASE, T0).orElseThrow();
    store.queueAdmin().pause("invoice");

    assertThat(store.work().nextDue(T0, null, null)).contains(T0.plusSeconds(20));
    assertThat(store.work().nextDue(T0.plus(LEASE), null, null))
        .as("o-1's lease has expired")
        .contains(T0);
    store.queueAdmin().resume("invoice");
    assertThat(store.work().nextDue(T0, null, null)).contains(T0.plusSeconds(5));
  }

  // ---- helpers ----

  private String typeOf(QueuedEvent event) {
    return event.event().type();
  }

  /** {@code event} not available before {@code at} (not a retry: no attempt failed). */
  private static QueuedEvent availableAt(QueuedEvent event, Instant at) {
    return new QueuedEvent(
        0,
        event.instanceId(),
        event.machine(),
        event.event(),
        event.source(),
        event.conversationId(),
        0,
        at,
        event.enqueuedAt(),
        List.of(),
        event.priority(),
        null);
  }
}
