package dev.clockwork.runtime.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import dev.clockwork.core.event.Event;
import dev.clockwork.core.event.TimerFire;
import dev.clockwork.core.interpreter.ArmedTimer;
import dev.clockwork.runtime.instance.NamespacedIds;
import dev.clockwork.runtime.queue.AttemptError;
import dev.clockwork.runtime.queue.DeadLetter;
import dev.clockwork.runtime.queue.Priority;
import dev.clockwork.runtime.queue.QueuedEvent;
import dev.clockwork.runtime.queue.RetriedDeadLetter;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The store contract for operating the queues: figures, pausing, dead letters, purging, armed
 * timers. Subclass it once per store.
 */
public abstract class QueueOperationsContractTest extends StoreContract {

  // ---- figures ----

  @Test
  void queueStatsAreOneMachinesFiguresAtAnInstant() {
    create("o-1", "o-2", "o-3", "o-4");
    create(instance("p-1").machine("invoice"));
    enqueue("o-1", "A", T0.plusSeconds(2));
    enqueue("o-2", "B", T0.plusSeconds(1)); // the oldest, neither first nor last
    enqueue("o-3", "C", T0.plusSeconds(3));
    store.queue().enqueue(QueuedEvent.of("p-1", "invoice", Event.of("SEND"), "api", T0));
    deadLetter("o-4", enqueue("o-4", "POISON", T0));
    store
        .work()
        .claim(
            new ClaimRequest(
                "w1", LEASE, T0.plusSeconds(3), 1, 10, Map.of("order", 1), true)); // o-2
    store.work().lease("o-3", "sync", LEASE, T0.plusSeconds(3)).orElseThrow();
    store.work().lease("p-1", "sync", LEASE, T0.plusSeconds(3)).orElseThrow();
    store.work().lease("o-1", "sync", LEASE, T0.minus(LEASE)).orElseThrow(); // expired

    assertThat(store.queueAdmin().queueStats("order", T0.plusSeconds(3)))
        .isEqualTo(new QueueStats("order", 3, 2, 1, false, T0.plusSeconds(1)));
    assertThat(store.queueAdmin().queueStats("order", T0.plusSeconds(3).plus(LEASE)).processing())
        .as("the leases have expired")
        .isZero();
    assertThat(store.queueAdmin().queueStats("payment", T0))
        .isEqualTo(new QueueStats("payment", 0, 0, 0, false, null));
  }

  @Test
  void pendingEventsCountEveryQueueAndPendingAboveComparesWithAThreshold() {
    create("o-1");
    create(instance("p-1").machine("invoice"));
    assertThat(store.queue().pendingEvents()).isZero();
    assertThat(store.queue().pendingAbove(0)).isFalse();

    enqueue("o-1", "PAY", T0);
    store
        .queue()
        .enqueue(QueuedEvent.of("p-1", "invoice", Event.of("SEND"), "api", T0.plusSeconds(60)));

    assertThat(store.queue().pendingEvents()).isEqualTo(2);
    assertThat(store.queue().pendingAbove(1)).isTrue();
    assertThat(store.queue().pendingAbove(2)).isFalse();
  }

  @Test
  void machinesAreThoseWithStoredInstancesSorted() {
    assertThat(store.instances().machines()).isEmpty();
    create(instance("p-1").machine("payment"));
    create("o-1", "o-2");
    create(instance("i-1").machine("invoice"));

    assertThat(store.instances().machines()).containsExactly("invoice", "order", "payment");
  }

  // ---- pausing ----

  @Test
  void aPausedMachineKeepsAcceptingEventsUntilItIsResumed() {
    create("o-1");
    store.queueAdmin().pause("order");

    enqueue("o-1", "PAY", T0);

    assertThat(store.queueAdmin().isPaused("order")).isTrue();
    assertThat(store.queueAdmin().isPaused("invoice")).isFalse();
    assertThat(store.queueAdmin().queueStats("order", T0).paused()).isTrue();
    assertThat(store.queueAdmin().queueStats("order", T0).pending()).isEqualTo(1);
    store.queueAdmin().resume("order");
    assertThat(store.queueAdmin().isPaused("order")).isFalse();
    assertThat(claimedIds(T0)).containsExactly("o-1");
  }

  // ---- dead letters ----

  @Test
  void deadLettersAreListedOldestFirstByMachineUpToALimit() {
    create("o-1", "o-2", "o-3");
    create(instance("p-1").machine("invoice"));
    QueuedEvent first = deadLetter("o-1", enqueue("o-1", "A", T0));
    QueuedEvent invoice =
        deadLetter(
            "p-1",
            store.queue().enqueue(QueuedEvent.of("p-1", "invoice", Event.of("SEND"), "api", T0)));
    QueuedEvent second = deadLetter("o-2", enqueue("o-2", "B", T0));
    QueuedEvent third = deadLetter("o-3", enqueue("o-3", "C", T0));

    assertThat(store.queueAdmin().deadLetters("order", null, 0, 10))
        .extracting(DeadLetter::event)
        .containsExactly(first, second, third);
    assertThat(store.queueAdmin().deadLetters("order", null, 0, 2))
        .extracting(DeadLetter::event)
        .containsExactly(first, second);
    assertThat(store.queueAdmin().deadLetters(null, null, 0, 10))
        .extracting(DeadLetter::event)
        .containsExactly(first, invoice, second, third);
    assertThat(store.queueAdmin().deadLetters("payment", null, 0, 10)).isEmpty();
  }

  @Test
  void deadLettersArePagedByIdWithNoGapAndNoRepeat() {
    create("o-1", "o-2", "o-3");
    create(instance("p-1").machine("invoice"));
    QueuedEvent first = deadLetter("o-1", enqueue("o-1", "A", T0));
    deadLetter(
        "p-1",
        store.queue().enqueue(QueuedEvent.of("p-1", "invoice", Event.of("SEND"), "api", T0)));
    QueuedEvent second = deadLetter("o-2", enqueue("o-2", "B", T0));
    QueuedEvent third = deadLetter("o-3", enqueue("o-3", "C", T0));

    List<DeadLetter> page1 = store.queueAdmin().deadLetters("order", null, 0, 2);
    List<DeadLetter> page2 = store.queueAdmin().deadLetters("order", null, page1.get(1).id(), 2);

    assertThat(page1).extracting(DeadLetter::event).containsExactly(first, second);
    assertThat(page2).extracting(DeadLetter::event).containsExactly(third);
    assertThat(store.queueAdmin().deadLetters("order", null, page2.get(0).id(), 2)).isEmpty();
  }

  // ---- stuck leases ----

  @Test
  void aLeaseHeldPastItsExpiryIsListedUntilReleasedOrTakenOver() {
    create("o-1", "o-2");
    create(instance("p-1").machine("invoice"));
    Claim early = lease("o-1", T0);
    lease("p-1", T0.plusSeconds(5));
    Claim renewed = lease("o-2", T0);
    store.work().renew(renewed.lease(), T0.plus(LEASE).plusSeconds(60));

    assertThat(store.queueAdmin().expiredLeases(T0.plus(LEASE).minusSeconds(1), 10))
        .as("no lease has run out yet")
        .isEmpty();
    assertThat(store.queueAdmin().expiredLeases(T0.plus(LEASE).plusSeconds(10), 10))
        .as("the longest expired first; the renewed lease is not stuck")
        .containsExactly(
            new ExpiredLease("o-1", "order", "w1", T0.plus(LEASE)),
            new ExpiredLease("p-1", "invoice", "w1", T0.plus(LEASE).plusSeconds(5)));
    assertThat(store.queueAdmin().expiredLeases(T0.plus(LEASE).plusSeconds(10), 1))
        .extracting(ExpiredLease::instanceId)
        .containsExactly("o-1");

    store.work().release(early.lease());
    store.work().lease("p-1", "w2", LEASE, T0.plus(LEASE).plusSeconds(10)).orElseThrow();

    assertThat(store.queueAdmin().expiredLeases(T0.plus(LEASE).plusSeconds(10), 10))
        .as("released, and taken over by another worker")
        .isEmpty();
  }

  @Test
  void aDeadLetterCanBeInspectedByItsId() {
    create("o-1");
    QueuedEvent dead = deadLetter("o-1", enqueue("o-1", "PAY", T0));
    DeadLetter listed = store.queueAdmin().deadLetters(null, null, 0, 10).get(0);

    assertThat(store.queueAdmin().deadLetter(listed.id()))
        .hasValueSatisfying(
            letter -> {
              assertThat(letter).isEqualTo(listed);
              assertThat(letter.event()).isEqualTo(dead);
              assertThat(letter.event().conversationId()).isEqualTo("conv-o-1");
              assertThat(letter.event().errors()).hasSize(2);
            });
    assertThat(store.queueAdmin().deadLetter(listed.id() + 1)).isEmpty();
  }

  @Test
  void aRetriedDeadLetterGoesBackToTheEndOfItsQueueWithItsAttemptsResetAndItsErrorsKept() {
    create("o-1");
    QueuedEvent dead = deadLetter("o-1", enqueue("o-1", "POISON", T0));
    QueuedEvent later = enqueue("o-1", "LATER", T0.plusSeconds(3));
    long id = store.queueAdmin().deadLetters(null, null, 0, 10).get(0).id();

    QueuedEvent retried = store.queueAdmin().retryDeadLetter(id, T0.plusSeconds(10)).orElseThrow();

    assertThat(retried.id()).isGreaterThan(later.id());
    assertThat(retried)
        .extracting(
            QueuedEvent::instanceId,
            QueuedEvent::machine,
            QueuedEvent::event,
            QueuedEvent::conversationId,
            QueuedEvent::priority,
            QueuedEvent::attempts,
            QueuedEvent::availableAt,
            QueuedEvent::errors)
        .containsExactly(
            "o-1",
            "order",
            dead.event(),
            "conv-o-1",
            Priority.HIGH,
            0,
            T0.plusSeconds(10),
            dead.errors());
    assertThat(store.queueAdmin().deadLetter(id)).isEmpty();
    assertThat(store.queueAdmin().retryDeadLetter(id, T0)).as("once").isEmpty();
    assertThat(availableTypes("o-1", T0.plusSeconds(9))).containsExactly("LATER");
    assertThat(availableTypes("o-1", T0.plusSeconds(10))).containsExactly("LATER", "POISON");
  }

  @Test
  void aDeadLetteredTimerFireCanBeRetried() {
    ArmedTimer expiry = timer("waiting", "EXPIRE", T0);
    create(instance("o-1").timers(expiry));
    Claim claim = claim(T0).get(0);
    QueuedEvent fire =
        new QueuedEvent(
            0,
            "o-1",
            "order",
            fireOf(expiry),
            "timer",
            "conv-o-1",
            1,
            T0,
            T0,
            List.of(new AttemptError(1, T0, "Boom: fire")),
            Priority.NORMAL,
            null);
    commitAll(
        update(claim, InstanceBuilder.nextOf(claim.instance()).timers(expiry.asFailed()))
            .deadLettered(List.of(fire)));
    long id = store.queueAdmin().deadLetters(null, null, 0, 10).get(0).id();

    QueuedEvent retried = store.queueAdmin().retryDeadLetter(id, T0.plusSeconds(1)).orElseThrow();

    assertThat(retried.event().timer()).isEqualTo(new TimerFire("waiting#EXPIRE", 1, T0));
    assertThat(claim(T0.plusSeconds(1)))
        .singleElement()
        .satisfies(c -> assertThat(c.events()).containsExactly(retried));
  }

  @Test
  void retryingAnUnknownDeadLetterFindsNothing() {
    assertThat(store.queueAdmin().retryDeadLetter(42, T0)).isEmpty();
    assertThat(store.queueAdmin().retriedDeadLetter(42)).isEmpty();
  }

  @Test
  void aRetriedDeadLetterSaysWhichEventItBecame() {
    create("o-1", "o-2");
    deadLetter("o-1", enqueue("o-1", "POISON", T0));
    deadLetter("o-2", enqueue("o-2", "POISON", T0));
    List<DeadLetter> letters = store.queueAdmin().deadLetters(null, null, 0, 10);
    long id = letters.get(0).id();
    assertThat(store.queueAdmin().retriedDeadLetter(id)).as("not retried yet").isEmpty();

    QueuedEvent retried = store.queueAdmin().retryDeadLetter(id, T0.plusSeconds(10)).orElseThrow();

    assertThat(store.queueAdmin().retriedDeadLetter(id))
        .contains(
            new RetriedDeadLetter(
                id, retried.id(), "o-1", "order", letters.get(0).deadAt(), T0.plusSeconds(10)));
    assertThat(store.queueAdmin().retriedDeadLetter(letters.get(1).id()))
        .as("the other letter is still dead")
        .isEmpty();
  }

  @Test
  void theRecordOfARetryIsPurgedWithTheDeadLettersByMachineAndByWhenTheRetryWasDue() {
    create("o-1", "o-2");
    create(instance("p-1").machine("invoice"));
    deadLetter("o-1", enqueue("o-1", "A", T0));
    deadLetter("o-2", enqueue("o-2", "B", T0));
    deadLetter(
        "p-1",
        store.queue().enqueue(QueuedEvent.of("p-1", "invoice", Event.of("SEND"), "api", T0)));
    List<DeadLetter> letters = store.queueAdmin().deadLetters(null, null, 0, 10);
    long early = letters.get(0).id();
    long late = letters.get(1).id();
    long invoice = letters.get(2).id();
    store.queueAdmin().retryDeadLetter(early, T0.plusSeconds(100)).orElseThrow();
    store.queueAdmin().retryDeadLetter(late, T0.plusSeconds(200)).orElseThrow();
    store.queueAdmin().retryDeadLetter(invoice, T0.plusSeconds(100)).orElseThrow();

    assertThat(store.queueAdmin().purgeDeadLetters("order", T0.plusSeconds(150)))
        .as("no dead letter is left to purge: the records are not counted")
        .isZero();
    assertThat(store.queueAdmin().retriedDeadLetter(early)).as("due before the cutoff").isEmpty();
    assertThat(store.queueAdmin().retriedDeadLetter(late)).isPresent();
    assertThat(store.queueAdmin().retriedDeadLetter(invoice)).as("another machine").isPresent();
    store.queueAdmin().purgeDeadLetters(null, null);
    assertThat(store.queueAdmin().retriedDeadLetter(late)).isEmpty();
    assertThat(store.queueAdmin().retriedDeadLetter(invoice)).isEmpty();
  }

  @Test
  void deadLettersArePurgedByMachineAndByWhenTheyDied() {
    create("o-1", "o-2", "o-3");
    create(instance("p-1").machine("invoice"));
    deadLetter("o-1", enqueue("o-1", "A", T0));
    deadLetter("o-2", enqueue("o-2", "B", T0.plusSeconds(60)));
    deadLetter("o-3", enqueue("o-3", "C", T0.plusSeconds(120)));
    deadLetter(
        "p-1",
        store.queue().enqueue(QueuedEvent.of("p-1", "invoice", Event.of("SEND"), "api", T0)));

    assertThat(store.queueAdmin().purgeDeadLetters("order", died(T0.plusSeconds(60))))
        .as("only those that died before")
        .isEqualTo(1);
    assertThat(store.queueAdmin().deadLetters("order", null, 0, 10))
        .extracting(d -> d.event().instanceId())
        .containsExactly("o-2", "o-3");
    assertThat(store.queueAdmin().purgeDeadLetters("order", null)).isEqualTo(2);
    assertThat(store.queueAdmin().deadLetters(null, null, 0, 10))
        .extracting(d -> d.event().instanceId())
        .containsExactly("p-1");
    assertThat(store.queueAdmin().purgeDeadLetters(null, null)).isEqualTo(1);
    assertThat(store.queueAdmin().deadLetters(null, null, 0, 10)).isEmpty();
  }

  // ---- purging pending events ----

  @Test
  void purgingPendingEventsSparesLeasedInstancesAndOtherMachines() {
    create("o-1", "o-2");
    create(instance("p-1").machine("invoice"));
    enqueue("o-1", "A", T0);
    enqueue("o-2", "B", T0);
    enqueue("o-2", "C", T0.plusSeconds(60));
    store.queue().enqueue(QueuedEvent.of("p-1", "invoice", Event.of("SEND"), "api", T0));
    store.work().lease("o-1", "busy", LEASE, T0).orElseThrow();

    assertThat(store.queueAdmin().purgePending("order", T0.plusSeconds(60), T0))
        .as("enqueued before the instant, not leased")
        .isEqualTo(1);
    assertThat(store.queueAdmin().purgePending("order", null, T0)).isEqualTo(1);
    assertThat(store.queue().pendingEvents()).as("o-1's and the invoice's").isEqualTo(2);
    assertThat(store.queueAdmin().purgePending("order", null, T0.plus(LEASE)))
        .as("o-1's lease has expired")
        .isEqualTo(1);
    assertThat(store.queueAdmin().queueStats("invoice", T0).pending()).isEqualTo(1);
  }

  // ---- armed timers ----

  @Test
  void armedTimersAreListedSoonestFirstByMachineAndState() {
    create(
        instance("o-1")
            .in("review.legal")
            .timers(
                new ArmedTimer(
                    "review#REMIND", "REMIND", 2, T0, T0.plusSeconds(30), 3, false, null),
                timer("review.legal", "ESCALATE", T0.plusSeconds(10))));
    create(instance("o-2").in("reviewed").timers(timer("reviewed", "ARCHIVE", T0.plusSeconds(20))));
    create(instance("p-1").machine("invoice").timers(timer("waiting", "SEND", T0.plusSeconds(5))));

    assertThat(store.queueAdmin().armedTimers(null, null, null, 10))
        .extracting(
            TimerView::instanceId,
            TimerView::machine,
            TimerView::state,
            TimerView::event,
            TimerView::due,
            TimerView::fires,
            TimerView::key)
        .containsExactly(
            tuple("p-1", "invoice", "waiting", "SEND", T0.plusSeconds(5), 0, "waiting#SEND"),
            tuple(
                "o-1",
                "order",
                "review.legal",
                "ESCALATE",
                T0.plusSeconds(10),
                0,
                "review.legal#ESCALATE"),
            tuple("o-2", "order", "reviewed", "ARCHIVE", T0.plusSeconds(20), 0, "reviewed#ARCHIVE"),
            tuple("o-1", "order", "review", "REMIND", T0.plusSeconds(30), 3, "review#REMIND"));
    assertThat(store.queueAdmin().armedTimers("order", null, "review", 10))
        .as("the state and its substates, not every path that starts with the same letters")
        .extracting(TimerView::event)
        .containsExactly("ESCALATE", "REMIND");
    assertThat(store.queueAdmin().armedTimers(null, null, "review.legal", 10))
        .extracting(TimerView::event)
        .containsExactly("ESCALATE");
    assertThat(store.queueAdmin().armedTimers("order", null, null, 2))
        .extracting(TimerView::event)
        .containsExactly("ESCALATE", "ARCHIVE");
    assertThat(store.queueAdmin().armedTimers("payment", null, null, 10)).isEmpty();
  }

  @Test
  void aTimerWhoseFireFailedForGoodIsNotArmedAndARetryingFireIsListedAtItsRetry() {
    ArmedTimer failed = timer("waiting", "EXPIRE", T0.plusSeconds(5)).asFailed();
    ArmedTimer retrying = timer("waiting", "REMIND", T0.plusSeconds(10));
    ArmedTimer other = timer("waiting", "NUDGE", T0.plusSeconds(40));
    create(
        instance("o-1")
            .timers(failed, retrying, other)
            .fireRetry(
                new FireRetry(
                    new TimerFire(retrying.key(), retrying.entryId(), retrying.due()),
                    "REMIND",
                    2,
                    T0.plusSeconds(50),
                    List.of(
                        new AttemptError(1, T0.plusSeconds(10), "Boom: 1"),
                        new AttemptError(2, T0.plusSeconds(20), "Boom: 2")))));

    assertThat(store.queueAdmin().armedTimers(null, null, null, 10))
        .extracting(TimerView::event, TimerView::due)
        .containsExactly(tuple("NUDGE", T0.plusSeconds(40)), tuple("REMIND", T0.plusSeconds(50)));
  }

  @Test
  void armedTimersArePagedByDueThenInstanceThenKeyEachOnceAndInTheirNamespaceOnly() {
    String inA1 = NamespacedIds.stored("tenant-a", "o-1");
    String inA2 = NamespacedIds.stored("tenant-a", "o-2");
    String inA3 = NamespacedIds.stored("tenant-a", "o-3");
    // o-1 has one timer before every other and one after: it is read on every page
    create(
        instance(inA1)
            .timers(
                timer("waiting", "FIRST", T0.plusSeconds(1)),
                timer("waiting", "LAST", T0.plusSeconds(90))));
    // three timers due together across two instances: the instance, then the key decides
    create(
        instance(inA2)
            .timers(
                timer("waiting", "NUDGE", T0.plusSeconds(10)),
                timer("waiting", "ASK", T0.plusSeconds(10))));
    create(instance(inA3).timers(timer("waiting", "ASK", T0.plusSeconds(10))));
    // another namespace's timers interleave with tenant-a's, and share their ids
    create(
        instance(NamespacedIds.stored("tenant-b", "o-1"))
            .timers(timer("waiting", "ASK", T0.plusSeconds(10))));
    create(
        instance(NamespacedIds.stored("tenant-b", "o-9"))
            .timers(timer("waiting", "ASK", T0.plusSeconds(5))));
    create(instance("o-2").timers(timer("waiting", "ASK", T0.plusSeconds(10))));

    List<String> expected =
        List.of(inA1 + " FIRST", inA2 + " ASK", inA2 + " NUDGE", inA3 + " ASK", inA1 + " LAST");
    assertThat(store.queueAdmin().armedTimers(null, "tenant-a", null, 10))
        .extracting(t -> t.instanceId() + " " + t.event())
        .containsExactlyElementsOf(expected);
    for (int size = 1; size <= 5; size++) {
      List<String> read = new ArrayList<>();
      TimerPosition after = null;
      int pages = 0;
      List<TimerView> page;
      do {
        page = store.queueAdmin().armedTimers(null, "tenant-a", null, after, size);
        page.forEach(t -> read.add(t.instanceId() + " " + t.event()));
        after = page.isEmpty() ? after : TimerPosition.of(page.get(page.size() - 1));
        pages++;
      } while (page.size() == size);
      assertThat(read).as("pages of %d", size).containsExactlyElementsOf(expected);
      assertThat(pages).as("pages of %d", size).isEqualTo(5 / size + 1);
    }
    TimerPosition afterTies = new TimerPosition(T0.plusSeconds(10), inA2, "waiting#ASK");
    assertThat(store.queueAdmin().armedTimers(null, "tenant-a", null, afterTies, 10))
        .as("after one of the timers due together")
        .extracting(t -> t.instanceId() + " " + t.event())
        .containsExactly(inA2 + " NUDGE", inA3 + " ASK", inA1 + " LAST");
    assertThat(store.queueAdmin().armedTimers("order", null, "waiting", afterTies, 10))
        .as("every namespace after the position: o-2 (default) sorts before tenant-a's ids")
        .extracting(t -> t.instanceId() + " " + t.event())
        .containsExactly(
            inA2 + " NUDGE",
            inA3 + " ASK",
            NamespacedIds.stored("tenant-b", "o-1") + " ASK",
            inA1 + " LAST");
  }

  // ---- helpers ----

  /**
   * Commits a turn that sent {@code event} (given a high priority and its instance's conversation)
   * to the dead letters after two attempts, dying a second after it was enqueued.
   */
  private QueuedEvent deadLetter(String id, QueuedEvent event) {
    Instant died = died(event.enqueuedAt());
    Claim claim = lease(id, died);
    QueuedEvent first =
        failedAttempt(
            event.withPriority(Priority.HIGH).withConversationId("conv-" + id),
            event.enqueuedAt(),
            died);
    QueuedEvent dead = failedAttempt(first, died, died);
    commitAll(update(claim).deadLettered(List.of(dead)));
    return dead;
  }

  /** When {@link #deadLetter} makes an event enqueued at {@code enqueued} die. */
  private static Instant died(Instant enqueued) {
    return enqueued.plusSeconds(1);
  }
}
