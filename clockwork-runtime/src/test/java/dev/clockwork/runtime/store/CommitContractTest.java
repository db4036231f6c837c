package dev.clockwork.runtime.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import dev.clockwork.core.event.Event;
import dev.clockwork.core.event.TimerFire;
import dev.clockwork.core.interpreter.ArmedTimer;
import dev.clockwork.runtime.queue.AttemptError;
import dev.clockwork.runtime.queue.Priority;
import dev.clockwork.runtime.queue.QueuedEvent;
import dev.clockwork.runtime.store.CommitResult.Refusal;
import dev.clockwork.runtime.store.HistoryEntry.Kind;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The store contract for {@link Store#commit}: what a commit writes, that a group is written whole
 * or not at all, and why one is refused. Subclass it once per store.
 */
public abstract class CommitContractTest extends StoreContract {

  // ---- what a commit writes ----

  @Test
  void aCommitWritesTheNextRecordItsHistoryAndConsumesItsEvents() {
    create("o-1");
    QueuedEvent pay = enqueue("o-1", "PAY", T0);
    enqueue("o-1", "SHIP", T0);
    Claim claim = store.work().claim(request(T0).withMaxInstances(1)).get(0);
    InstanceRecord next =
        InstanceBuilder.nextOf(claim.instance())
            .in("paid")
            .context(Map.of("n", 2L, "paidBy", "card"))
            .historySequence(2)
            .updatedAt(T0.plusSeconds(1))
            .build();
    HistoryEntry row = row(next, 2, Kind.EVENT, "PAY", pay.id(), 1);

    CommitResult result =
        store
            .work()
            .commit(
                List.of(
                    StepCommit.update(claim.lease(), next)
                        .history(List.of(row))
                        .consumed(List.of(pay.id()))
                        .build()));

    assertThat(result.written("o-1")).isTrue();
    assertThat(store.instances().find("o-1")).contains(next);
    assertThat(store.instances().history("o-1", 1, 10)).containsExactly(row);
    assertThat(availableTypes("o-1", T0.plusSeconds(1))).containsExactly("SHIP");
  }

  @Test
  void aWrittenGroupGivesEveryLeaseUp() {
    create("o-1", "o-2");
    Claim first = lease("o-1", T0);
    Claim second = lease("o-2", T0);

    commitAll(update(first).group("g"), update(second).group("g"));

    assertThat(store.work().lease("o-1", "w2", LEASE, T0)).isPresent();
    assertThat(store.work().lease("o-2", "w2", LEASE, T0)).isPresent();
  }

  @Test
  void anInstanceCommitsOnceAtEachRevision() {
    create("o-1");
    Claim first = lease("o-1", T0);
    commitAll(update(first));
    Claim second = lease("o-1", T0.plusSeconds(1));

    commitAll(update(second));

    assertThat(store.instances().find("o-1")).map(InstanceRecord::revision).contains(3L);
  }

  // ---- groups: whole or not at all ----

  @Test
  void aLostLeaseRefusesItsWholeGroupAndNothingOfTheGroupIsWritten() {
    create("o-1", "o-2", "o-3");
    create(instance("o-4").in("review"));
    QueuedEvent pay = enqueue("o-2", "PAY", T0);
    QueuedEvent poison = enqueue("o-2", "POISON", T0);
    Claim stale = lease("o-1", T0);
    Claim taken = lease("o-2", T0);
    store.work().lease("o-1", "w2", LEASE, T0.plusSeconds(31)).orElseThrow(); // took over o-1
    InstanceRecord before = store.instances().find("o-2").orElseThrow();

    CommitResult result =
        commit(
            update(stale).group("g"),
            update(taken, InstanceBuilder.nextOf(taken.instance()).in("paid").historySequence(2))
                .group("g")
                .history(List.of(row(taken.instance(), 2, Kind.EVENT, "PAY", pay.id(), 1)))
                .consumed(List.of(pay.id()))
                .deadLettered(List.of(failedAttempt(poison, T0, T0)))
                .outgoing(List.of(event("o-3", "NOTIFY", T0)))
                .outcomes(List.of(new KeyedOutcome("o-2", "k-1", Map.of("handled", true))))
                .broadcasts(List.of(broadcast("review"))));

    assertThat(result.refused()).containsExactly(Map.entry("g", Refusal.LEASE_LOST));
    assertThat(store.instances().find("o-2")).contains(before);
    assertThat(store.instances().history("o-2", 1, 10)).isEmpty();
    assertThat(availableTypes("o-2", T0.plusSeconds(60))).containsExactly("PAY", "POISON");
    assertThat(store.queueAdmin().deadLetters(null, null, 0, 10)).isEmpty();
    assertThat(store.queue().pendingEvents()).as("nothing was sent to o-3").isEqualTo(2);
    assertThat(store.queue().idempotencyRecord("o-2", "k-1").map(IdempotencyRecord::outcome))
        .isEmpty();
    assertThat(store.work().deliverBroadcasts(T0, 10)).isZero();
  }

  @Test
  void aRefusedGroupKeepsItsLeases() {
    create("o-1", "o-2");
    Claim lost = lease("o-1", T0);
    Claim held = lease("o-2", T0);
    store.work().release(lost.lease());

    commit(update(lost).group("g"), update(held).group("g"));

    assertThat(store.work().lease("o-2", "w2", LEASE, T0.plusSeconds(1)))
        .as("o-2 is still leased by w1: the refused group wrote nothing, its release included")
        .isEmpty();
    assertThat(store.work().renew(held.lease(), T0.plusSeconds(60))).isPresent();
  }

  @Test
  void theOtherGroupsOfTheSameCallAreWritten() {
    create("o-1", "o-2", "o-3");
    Claim lost = lease("o-1", T0);
    Claim alone = lease("o-2", T0);
    Claim other = lease("o-3", T0);
    store.work().release(lost.lease());

    CommitResult result = commit(update(lost), update(alone), update(other).group("g"));

    assertThat(result.refused()).containsExactly(Map.entry("o-1", Refusal.LEASE_LOST));
    assertThat(result.written("o-2")).isTrue();
    assertThat(result.written("g")).isTrue();
    assertThat(store.instances().find("o-1")).map(InstanceRecord::revision).contains(1L);
    assertThat(store.instances().find("o-2")).map(InstanceRecord::revision).contains(2L);
    assertThat(store.instances().find("o-3")).map(InstanceRecord::revision).contains(2L);
  }

  @Test
  void aRevisionThatIsNotOneAboveTheStoredOneRefusesTheGroup() {
    create("o-1", "o-2");
    Claim skipping = lease("o-1", T0);
    Claim repeating = lease("o-2", T0);
    InstanceRecord first = store.instances().find("o-1").orElseThrow();
    InstanceRecord second = store.instances().find("o-2").orElseThrow();

    CommitResult result =
        commit(
            update(skipping, InstanceBuilder.nextOf(skipping.instance()).revision(3).in("paid")),
            update(repeating, InstanceBuilder.nextOf(repeating.instance()).revision(1).in("paid")));

    assertThat(result.refused())
        .containsOnly(
            Map.entry("o-1", Refusal.STALE_REVISION), Map.entry("o-2", Refusal.STALE_REVISION));
    assertThat(store.instances().find("o-1")).contains(first);
    assertThat(store.instances().find("o-2")).contains(second);
  }

  @Test
  void insertingAnInstanceThatExistsRefusesTheGroup() {
    create("o-1");
    InstanceRecord existing = create(instance("child-1"));
    Claim parent = lease("o-1", T0);
    InstanceRecord parentBefore = store.instances().find("o-1").orElseThrow();
    InstanceRecord child = instance("child-1").in("paid").createdAt(T0.plusSeconds(1)).build();

    CommitResult result =
        commit(
            update(parent).group("g"),
            StepCommit.insert(child).group("g").history(List.of(createdRow(child))));

    assertThat(result.refusal("g")).contains(Refusal.DUPLICATE_ID);
    assertThat(store.instances().find("child-1")).contains(existing);
    assertThat(store.instances().history("child-1", 0, 10)).containsExactly(createdRow(existing));
    assertThat(store.instances().find("o-1")).contains(parentBefore);
  }

  // ---- inserts and outgoing events ----

  @Test
  void insertsLandBeforeOutgoingEventsSoAGroupMaySendToAnInstanceItCreates() {
    create("o-1");
    Claim parent = lease("o-1", T0);
    InstanceRecord child = instance("child-1").conversation("conv-o-1").build();

    commitAll(
        update(parent).group("g").outgoing(List.of(event("child-1", "START", T0))),
        StepCommit.insert(child).group("g").history(List.of(createdRow(child))));

    assertThat(store.instances().find("child-1")).contains(child);
    assertThat(store.instances().history("child-1", 0, 10)).containsExactly(createdRow(child));
    assertThat(availableTypes("child-1", T0)).containsExactly("START");
  }

  @Test
  void outgoingEventsQueueBehindTheirTargetsEventsAndThoseToUnknownInstancesAreDropped() {
    create("o-1", "o-2");
    enqueue("o-2", "FIRST", T0);
    Claim claim = lease("o-1", T0);

    CommitResult result =
        commit(
            update(claim)
                .outgoing(
                    List.of(
                        event("ghost", "PAY", T0),
                        event("o-2", "PAY", T0).withPriority(Priority.HIGH),
                        event("o-1", "AGAIN", T0))));

    assertThat(result.written("o-1")).isTrue();
    assertThat(store.instances().find("ghost")).isEmpty();
    assertThat(store.queue().pendingEvents()).isEqualTo(3);
    assertThat(claim(T0))
        .extracting(c -> c.instance().id(), c -> c.events().stream().map(this::typeOf).toList())
        .containsExactlyInAnyOrder(
            tuple("o-1", List.of("AGAIN")), tuple("o-2", List.of("FIRST", "PAY")));
  }

  // ---- the fate of the events a turn processed ----

  @Test
  void aRetriedEventIsWrittenBackInItsPlaceAndHoldsBackTheEventsBehindIt() {
    create("o-1");
    QueuedEvent first = enqueue("o-1", "A", T0);
    enqueue("o-1", "B", T0);
    Claim claim = claim(T0).get(0);
    QueuedEvent retry = failedAttempt(first, T0, T0.plusSeconds(5));

    commitAll(update(claim).retried(List.of(retry)));

    assertThat(claim(T0.plusSeconds(4))).isEmpty();
    assertThat(claim(T0.plusSeconds(5)))
        .singleElement()
        .satisfies(
            c -> {
              assertThat(c.events()).hasSize(2).first().isEqualTo(retry);
              assertThat(typeOf(c.events().get(1))).isEqualTo("B");
            });
  }

  @Test
  void aDeadLetteredEventLeavesTheQueueWithItsErrorsWhileTheOthersAreConsumed() {
    create("o-1");
    QueuedEvent a = enqueue("o-1", "A", T0);
    QueuedEvent poison = enqueue("o-1", "POISON", T0);
    QueuedEvent c = enqueue("o-1", "C", T0);
    enqueue("o-1", "D", T0);
    Claim claim =
        store
            .work()
            .claim(new ClaimRequest("w1", LEASE, T0, 1, 3, Map.of("order", 1), true))
            .get(0);
    Instant died = T0.plusMillis(250);
    QueuedEvent retried = failedAttempt(poison.withConversationId("conv-o-1"), T0, died);
    QueuedEvent dead = failedAttempt(retried, died, died);
    HistoryEntry failure = row(claim.instance(), 2, Kind.FAILED, "POISON", poison.id(), 2);

    commitAll(
        update(claim, InstanceBuilder.nextOf(claim.instance()).historySequence(2))
            .history(List.of(failure))
            .consumed(List.of(a.id(), c.id()))
            .deadLettered(List.of(dead)));

    assertThat(store.queueAdmin().deadLetters(null, null, 0, 10))
        .singleElement()
        .satisfies(
            letter -> {
              assertThat(letter.id()).isPositive();
              assertThat(letter.event()).isEqualTo(dead);
              assertThat(letter.deadAt()).as("when its last attempt failed").isEqualTo(died);
            });
    assertThat(store.instances().history("o-1", 1, 10)).containsExactly(failure);
    assertThat(availableTypes("o-1", died)).containsExactly("D");
  }

  @Test
  void aTimerFireIsDeadLetteredWithItsErrors() {
    ArmedTimer expiry = timer("waiting", "EXPIRE", T0.plusSeconds(60));
    create(instance("o-1").timers(expiry));
    Instant firstFailure = T0.plusSeconds(60);
    Instant died = T0.plusSeconds(62);
    Claim claim = claim(firstFailure.plusSeconds(2)).get(0);
    QueuedEvent fire =
        new QueuedEvent(
            0,
            "o-1",
            "order",
            fireOf(expiry),
            "timer",
            "conv-o-1",
            2,
            expiry.due(),
            expiry.due(),
            List.of(
                new AttemptError(1, firstFailure, "Boom: first"),
                new AttemptError(2, died, "Boom: second")),
            Priority.NORMAL,
            null);

    commitAll(
        update(claim, InstanceBuilder.nextOf(claim.instance()).timers(expiry.asFailed()))
            .deadLettered(List.of(fire)));

    assertThat(store.queueAdmin().deadLetters("order", null, 0, 10))
        .singleElement()
        .satisfies(
            letter -> {
              assertThat(letter.event()).isEqualTo(fire);
              assertThat(letter.event().event().timer())
                  .isEqualTo(new TimerFire("waiting#EXPIRE", 1, T0.plusSeconds(60)));
              assertThat(letter.deadAt()).isEqualTo(died);
            });
    assertThat(store.instances().find("o-1").orElseThrow().timers())
        .containsExactly(expiry.asFailed());
  }

  @Test
  void twoTimerFiresDeadLetteredInOneCommitAreBothKept() {
    ArmedTimer remind = timer("waiting", "REMIND", T0.plusSeconds(10));
    ArmedTimer expire = timer("waiting", "EXPIRE", T0.plusSeconds(20));
    create(instance("o-1").timers(remind, expire));
    Claim claim = claim(T0.plusSeconds(20)).get(0);

    commitAll(
        update(
                claim,
                InstanceBuilder.nextOf(claim.instance())
                    .timers(remind.asFailed(), expire.asFailed()))
            .deadLettered(List.of(deadFire(remind), deadFire(expire))));

    assertThat(store.queueAdmin().deadLetters(null, null, 0, 10))
        .extracting(letter -> letter.event().event().type())
        .containsExactly("REMIND", "EXPIRE");
  }

  // ---- what else a commit keeps ----

  @Test
  void anOutcomeIsKeptPerInstanceAndKey() {
    create("o-1", "o-2");
    Claim claim = lease("o-1", T0);
    Map<String, Object> outcome =
        Map.of("handled", true, "states", List.of("paid"), "reply", Map.of("total", 12L));

    commitAll(update(claim).outcomes(List.of(new KeyedOutcome("o-1", "k-1", outcome))));

    assertThat(store.queue().idempotencyRecord("o-1", "k-1").map(IdempotencyRecord::outcome))
        .contains(outcome);
    assertThat(store.queue().idempotencyRecord("o-1", "k-2").map(IdempotencyRecord::outcome))
        .isEmpty();
    assertThat(store.queue().idempotencyRecord("o-2", "k-1").map(IdempotencyRecord::outcome))
        .isEmpty();
  }

  @Test
  void historyRowsComeBackFieldForField() {
    create("o-1");
    QueuedEvent pay = enqueue("o-1", "PAY", T0);
    Claim claim = lease("o-1", T0);
    Instant onTheSecond = T0.plusSeconds(60);
    Instant withMicros = T0.plusNanos(123_456_000);
    List<HistoryEntry> rows =
        List.of(
            new HistoryEntry(
                2,
                "o-1",
                "conv-o-1",
                onTheSecond,
                Kind.EVENT,
                "PAY",
                Map.of(
                    "amount",
                    12L,
                    "note",
                    "it's \"quoted\", {braced}",
                    "lines",
                    List.of(Map.of("sku", "A-1", "qty", 2L)),
                    "gift",
                    false),
                List.of("paid", "a,b"),
                null,
                pay.id(),
                2,
                List.of(
                    new StoredEntry("paid", 4, onTheSecond),
                    new StoredEntry("paid.label", 5, withMicros))),
            new HistoryEntry(
                3,
                "o-1",
                "conv-o-1",
                withMicros,
                Kind.DISCARDED,
                null,
                Map.of(),
                List.of(),
                "Boom: NULL, \\ and ünïcode",
                0,
                1,
                List.of()),
            new HistoryEntry(
                4,
                "o-1",
                "conv-o-1",
                withMicros,
                Kind.ATTEMPT_FAILED,
                "EXPIRE",
                Map.of("timer", "waiting#EXPIRE", "due", onTheSecond.toString()),
                List.of("paid"),
                "Boom: again",
                0,
                3,
                List.of()));

    commitAll(
        update(claim, InstanceBuilder.nextOf(claim.instance()).historySequence(4)).history(rows));

    assertThat(store.instances().history("o-1", 1, 10)).isEqualTo(rows);
  }

  @Test
  void theRecordsFireRetryAndFailedTimersRoundTrip() {
    ArmedTimer remind = timer("waiting", "REMIND", T0.plusSeconds(10));
    ArmedTimer expire = timer("waiting", "EXPIRE", T0.plusSeconds(5));
    create(instance("o-1").timers(remind, expire));
    FireRetry retry =
        new FireRetry(
            new TimerFire(remind.key(), remind.entryId(), remind.due()),
            "REMIND",
            1,
            T0.plusSeconds(12),
            List.of(new AttemptError(1, T0.plusSeconds(10), "Boom: once")));
    Claim claim = claim(T0.plusSeconds(10)).get(0);
    InstanceRecord retrying =
        InstanceBuilder.nextOf(claim.instance())
            .timers(remind, expire.asFailed())
            .fireRetry(retry)
            .build();

    store.work().commit(List.of(StepCommit.update(claim.lease(), retrying).build()));

    assertThat(store.instances().find("o-1")).contains(retrying);
    Claim again = claim(T0.plusSeconds(12)).get(0);
    InstanceRecord settled = InstanceBuilder.nextOf(again.instance()).fireRetry(null).build();
    store.work().commit(List.of(StepCommit.update(again.lease(), settled).build()));
    assertThat(store.instances().find("o-1")).contains(settled);
    assertThat(settled.fireRetry()).isNull();
  }

  // ---- helpers ----

  private String typeOf(QueuedEvent event) {
    return event.event().type();
  }

  private static HistoryEntry row(
      InstanceRecord as, long sequence, Kind kind, String event, long eventId, int attempt) {
    return new HistoryEntry(
        sequence,
        as.id(),
        as.conversationId(),
        T0,
        kind,
        event,
        Map.of(),
        as.leafPaths(),
        "",
        eventId,
        attempt,
        List.of());
  }

  private static BroadcastRequest broadcast(String state) {
    return new BroadcastRequest("order", state, Event.of("PING"), Priority.NORMAL, "o-2");
  }

  private static QueuedEvent deadFire(ArmedTimer timer) {
    return new QueuedEvent(
        0,
        "o-1",
        "order",
        fireOf(timer),
        "timer",
        "conv-o-1",
        1,
        timer.due(),
        timer.due(),
        List.of(new AttemptError(1, timer.due(), "Boom: " + timer.event())),
        Priority.NORMAL,
        null);
  }
}
