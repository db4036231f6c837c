package dev.clockwork.runtime.store;

import static org.assertj.core.api.Assertions.assertThat;

import dev.clockwork.core.interpreter.ArmedTimer;
import dev.clockwork.runtime.queue.AttemptError;
import dev.clockwork.runtime.queue.DeadLetter;
import dev.clockwork.runtime.queue.EventStatus;
import dev.clockwork.runtime.queue.EventStatus.State;
import dev.clockwork.runtime.queue.Priority;
import dev.clockwork.runtime.queue.QueuedEvent;
import dev.clockwork.runtime.store.HistoryEntry.Kind;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The store contract for {@link Store#eventStatus}: where an event queued for an instance is now,
 * through its whole life. Subclass it once per store.
 */
public abstract class EventStatusContractTest extends StoreContract {

  @Test
  void aQueuedEventIsPendingUntilItIsAvailable() {
    create("o-1");
    QueuedEvent pay = enqueue("o-1", "PAY", T0.plusSeconds(5));

    assertThat(store.queue().eventStatus("o-1", pay.id()))
        .contains(
            new EventStatus(
                "o-1", pay.id(), State.PENDING, 0, T0.plusSeconds(5), 0, 0, List.of(), "PAY"));
  }

  @Test
  void anEventPutBackAfterAFailedAttemptIsRetryingWithItsErrors() {
    create("o-1");
    QueuedEvent pay = enqueue("o-1", "PAY", T0);
    Claim claim = claim(T0).get(0);
    QueuedEvent retry = failedAttempt(pay, T0.plusSeconds(1), T0.plusSeconds(3));
    commitAll(update(claim).retried(List.of(retry)));

    assertThat(store.queue().eventStatus("o-1", pay.id()))
        .contains(
            new EventStatus(
                "o-1",
                pay.id(),
                State.RETRYING,
                1,
                T0.plusSeconds(3),
                0,
                0,
                List.of(new AttemptError(1, T0.plusSeconds(1), "Boom: attempt")),
                "PAY"));
  }

  @Test
  void aProcessedEventIsAppliedWithTheHistoryRowOfItsOutcome() {
    create("o-1");
    QueuedEvent pay = enqueue("o-1", "PAY", T0);
    Claim claim = claim(T0).get(0);

    commitAll(
        update(claim, InstanceBuilder.nextOf(claim.instance()).historySequence(3))
            .history(
                List.of(
                    row(claim.instance(), 2, Kind.EVENT, pay.id(), 1),
                    row(claim.instance(), 3, Kind.INTERNAL, 0, 0)))
            .consumed(List.of(pay.id())));

    assertThat(store.queue().eventStatus("o-1", pay.id()))
        .hasValueSatisfying(
            status -> {
              assertThat(status.state()).isEqualTo(State.APPLIED);
              assertThat(status.historySequence()).isEqualTo(2);
              assertThat(status.attempts()).isZero();
              assertThat(status.nextAttemptAt()).isNull();
              assertThat(status.deadLetterId()).isZero();
            });
  }

  @Test
  void anEventAppliedAtALaterAttemptCountsTheAttemptsThatFailed() {
    create("o-1");
    QueuedEvent pay = enqueue("o-1", "PAY", T0);
    Claim first = claim(T0).get(0);
    commitAll(
        update(first, InstanceBuilder.nextOf(first.instance()).historySequence(2))
            .history(List.of(row(first.instance(), 2, Kind.ATTEMPT_FAILED, pay.id(), 1)))
            .retried(List.of(failedAttempt(pay, T0, T0.plusSeconds(1)))));
    Claim second = claim(T0.plusSeconds(1)).get(0);

    commitAll(
        update(second, InstanceBuilder.nextOf(second.instance()).historySequence(3))
            .history(List.of(row(second.instance(), 3, Kind.EVENT, pay.id(), 2)))
            .consumed(List.of(pay.id())));

    assertThat(store.queue().eventStatus("o-1", pay.id()))
        .hasValueSatisfying(
            status -> {
              assertThat(status.state()).isEqualTo(State.APPLIED);
              assertThat(status.historySequence()).as("the outcome, not the failure").isEqualTo(3);
              assertThat(status.attempts()).as("failed attempts").isEqualTo(1);
            });
  }

  @Test
  void aDeadLetteredEventNamesItsDeadLetter() {
    create("o-1");
    QueuedEvent pay = enqueue("o-1", "PAY", T0);
    QueuedEvent dead = deadLetter("o-1", pay);
    DeadLetter letter = store.queueAdmin().deadLetters(null, null, 0, 10).get(0);

    assertThat(store.queue().eventStatus("o-1", pay.id()))
        .contains(
            new EventStatus(
                "o-1",
                pay.id(),
                State.DEAD_LETTERED,
                2,
                null,
                2,
                letter.id(),
                dead.errors(),
                "PAY"));
  }

  @Test
  void aDeadLetterRetriedOrPurgedStaysDeadLetteredUnderItsIdWithNoDeadLetter() {
    create("o-1", "o-2");
    QueuedEvent retried = enqueue("o-1", "PAY", T0);
    QueuedEvent purged = enqueue("o-2", "PAY", T0);
    deadLetter("o-1", retried);
    deadLetter("o-2", purged);
    DeadLetter first = store.queueAdmin().deadLetters(null, null, 0, 10).get(0);

    QueuedEvent again =
        store.queueAdmin().retryDeadLetter(first.id(), T0.plusSeconds(10)).orElseThrow();
    store.queueAdmin().purgeDeadLetters(null, null);

    assertThat(store.queue().eventStatus("o-1", retried.id()))
        .hasValueSatisfying(
            status -> {
              assertThat(status.state()).isEqualTo(State.DEAD_LETTERED);
              assertThat(status.deadLetterId()).isZero();
              assertThat(status.historySequence()).isEqualTo(2);
            });
    assertThat(store.queue().eventStatus("o-1", again.id()))
        .map(EventStatus::state)
        .contains(State.PENDING);
    assertThat(store.queue().eventStatus("o-2", purged.id()))
        .hasValueSatisfying(
            status -> {
              assertThat(status.state()).isEqualTo(State.DEAD_LETTERED);
              assertThat(status.deadLetterId()).isZero();
              assertThat(status.historySequence()).isEqualTo(2);
            });
  }

  @Test
  void aDiscardedEventCountsEveryFailedAttempt() {
    create("o-1");
    QueuedEvent pay = enqueue("o-1", "PAY", T0);
    Claim claim = claim(T0).get(0);

    commitAll(
        update(claim, InstanceBuilder.nextOf(claim.instance()).historySequence(2))
            .history(List.of(row(claim.instance(), 2, Kind.DISCARDED, pay.id(), 3)))
            .consumed(List.of(pay.id())));

    assertThat(store.queue().eventStatus("o-1", pay.id()))
        .hasValueSatisfying(
            status -> {
              assertThat(status.state()).isEqualTo(State.DISCARDED);
              assertThat(status.historySequence()).isEqualTo(2);
              assertThat(status.attempts()).isEqualTo(3);
              assertThat(status.deadLetterId()).isZero();
            });
  }

  @Test
  void anEventTheInstanceNeverHadIsUnknown() {
    create("o-1", "o-2");
    QueuedEvent mine = enqueue("o-1", "PAY", T0);
    QueuedEvent theirs = enqueue("o-2", "PAY", T0);

    assertThat(store.queue().eventStatus("o-1", theirs.id())).isEmpty();
    assertThat(store.queue().eventStatus("o-1", theirs.id() + mine.id() + 100)).isEmpty();
    assertThat(store.queue().eventStatus("ghost", mine.id())).isEmpty();
  }

  @Test
  void zeroIsNoEventsIdNotEvenForRowsAndDeadLettersThatCameFromNoQueue() {
    ArmedTimer expiry = timer("waiting", "EXPIRE", T0);
    create(instance("o-1").timers(expiry));
    Claim claim = claim(T0).get(0);
    commitAll(
        update(claim, InstanceBuilder.nextOf(claim.instance()).timers(expiry.asFailed()))
            .deadLettered(
                List.of(
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
                        null))));

    assertThat(store.queue().eventStatus("o-1", 0)).isEmpty();
  }

  // ---- helpers ----

  /** Commits a turn that sent {@code event} to the dead letters after two attempts, row 2. */
  private QueuedEvent deadLetter(String id, QueuedEvent event) {
    Claim claim = lease(id, T0);
    Instant died = T0.plusSeconds(2);
    QueuedEvent dead = failedAttempt(failedAttempt(event, T0.plusSeconds(1), died), died, died);
    commitAll(
        update(claim, InstanceBuilder.nextOf(claim.instance()).historySequence(2))
            .history(List.of(row(claim.instance(), 2, Kind.FAILED, event.id(), 2)))
            .deadLettered(List.of(dead)));
    return dead;
  }

  private static HistoryEntry row(
      InstanceRecord as, long sequence, Kind kind, long eventId, int attempt) {
    return new HistoryEntry(
        sequence,
        as.id(),
        as.conversationId(),
        T0,
        kind,
        "PAY",
        Map.of(),
        as.leafPaths(),
        "",
        eventId,
        attempt,
        List.of());
  }
}
