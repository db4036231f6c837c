package dev.clockwork.runtime.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.tuple;

import dev.clockwork.core.event.Event;
import dev.clockwork.core.event.TimerFire;
import dev.clockwork.core.interpreter.ArmedTimer;
import dev.clockwork.core.interpreter.InstanceStatus;
import dev.clockwork.runtime.error.IdempotencyConflictException;
import dev.clockwork.runtime.error.UnknownInstanceException;
import dev.clockwork.runtime.queue.AttemptError;
import dev.clockwork.runtime.queue.EventFingerprint;
import dev.clockwork.runtime.queue.Priority;
import dev.clockwork.runtime.queue.QueuedEvent;
import dev.clockwork.runtime.store.HistoryEntry.Kind;
import java.util.List;
import java.util.Map;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;

/**
 * The store contract for instances and their queues: finding, creating, listing instances and their
 * history; enqueueing events. Subclass it once per store.
 */
public abstract class StoreContractTest extends StoreContract {

  // ---- finding instances ----

  @Test
  void findReturnsTheRecordAsStoredFieldForField() {
    ArmedTimer reminder =
        new ArmedTimer("review#REMIND", "REMIND", 3, T0, T0.plusSeconds(60), 2, false, "PT1M");
    ArmedTimer expiry =
        new ArmedTimer("review#EXPIRE", "EXPIRED", 3, T0, T0.plusSeconds(30), 1, true, null, true);
    FireRetry retry =
        new FireRetry(
            new TimerFire("review#REMIND", 3, T0.plusSeconds(60)),
            "REMIND",
            2,
            T0.plusMillis(61_500),
            List.of(
                new AttemptError(1, T0.plusSeconds(60), "Boom: first"),
                new AttemptError(2, T0.plusMillis(60_500), "Boom: second")));
    InstanceRecord record =
        instance("o-1")
            .machine("approval")
            .version(7)
            .conversation("conv-a")
            .in("review.legal", "review.finance")
            .context(
                Map.of(
                    "amount",
                    12L,
                    "note",
                    "it's \"quoted\", {braced}, ünïcode",
                    "flags",
                    List.of(true, false),
                    "nested",
                    Map.of("ok", true, "missing", "x")))
            .timers(reminder, expiry)
            .fireRetry(retry)
            .revision(4)
            .historySequence(9)
            .createdAt(T0.plusNanos(123_456_000))
            .updatedAt(T0.plusSeconds(61))
            .build();

    store.work().create(record, List.of(createdRow(record)));

    assertThat(store.instances().find("o-1")).contains(record);
  }

  @Test
  void findsNothingForAnUnknownId() {
    create("o-1");

    assertThat(store.instances().find("o-2")).isEmpty();
  }

  @Test
  void statusesAreThoseOfTheInstancesThatExist() {
    create("o-1");
    create(instance("o-2").status(InstanceStatus.DONE));

    assertThat(store.instances().statuses(List.of("o-1", "o-2", "o-3")))
        .containsExactlyInAnyOrderEntriesOf(
            Map.of("o-1", InstanceStatus.ACTIVE, "o-2", InstanceStatus.DONE));
    assertThat(store.instances().statuses(List.of())).isEmpty();
  }

  @Test
  void findsTheOldestInstanceOfAMachineInAConversation() {
    create(instance("o-1").conversation("conv-a").createdAt(T0.plusSeconds(2)));
    create(instance("o-3").conversation("conv-a").createdAt(T0.plusSeconds(1)));
    create(instance("o-2").conversation("conv-a").createdAt(T0.plusSeconds(1)));
    create(instance("o-0").conversation("conv-b").createdAt(T0));
    create(instance("p-1").machine("payment").conversation("conv-a").createdAt(T0));

    assertThat(store.instances().findInConversation("conv-a", "order"))
        .as("the oldest, ties broken by id")
        .map(InstanceRecord::id)
        .contains("o-2");
    assertThat(store.instances().findInConversation("conv-b", "order"))
        .map(InstanceRecord::id)
        .contains("o-0");
    assertThat(store.instances().findInConversation("conv-a", "payment"))
        .map(InstanceRecord::id)
        .contains("p-1");
    assertThat(store.instances().findInConversation("conv-b", "payment")).isEmpty();
    assertThat(store.instances().findInConversation("conv-c", "order")).isEmpty();
  }

  @Test
  void findsTheOldestInstanceInAConversationWhateverItsStatus() {
    create(instance("o-1").conversation("conv-a").status(done()));
    create(instance("o-2").conversation("conv-a").createdAt(T0.plusSeconds(1)));

    assertThat(store.instances().findInConversation("conv-a", "order"))
        .map(InstanceRecord::id)
        .contains("o-1");
  }

  // ---- history ----

  @Test
  void pagesHistoryAfterASequenceOldestFirst() {
    create("o-1");
    appendRows("o-1", 5);

    assertThat(store.instances().history("o-1", 0, 100))
        .extracting(HistoryEntry::sequence)
        .containsExactly(1L, 2L, 3L, 4L, 5L, 6L);
    assertThat(store.instances().history("o-1", 2, 3))
        .extracting(HistoryEntry::sequence)
        .containsExactly(3L, 4L, 5L);
    assertThat(store.instances().history("o-1", 6, 100)).isEmpty();
    assertThat(store.instances().history("o-2", 0, 100)).isEmpty();
  }

  // ---- listing instances ----

  @Test
  void instancesInAStateAreTheActiveOnesWithThatStateActiveInIdOrder() {
    create(instance("o-4").in("review.legal"));
    create(instance("o-2").in("review"));
    create(instance("o-1").in("review.legal", "review.finance"));
    create(instance("o-3").in("waiting"));
    create(instance("o-5").in("review").status(done()));
    create(instance("o-6").in("reviewed"));
    create(instance("p-1").machine("payment").in("review"));

    assertThat(store.instances().instancesIn("order", "review", null, "", 10))
        .as("an instance counts when the state or one of its substates is active")
        .containsExactly("o-1", "o-2", "o-4");
    assertThat(store.instances().instancesIn("order", "review.legal", null, "", 10))
        .containsExactly("o-1", "o-4");
    assertThat(store.instances().instancesIn("order", "legal", null, "", 10)).isEmpty();
    assertThat(store.instances().instancesIn("payment", "review", null, "", 10))
        .containsExactly("p-1");
  }

  @Test
  void instancesInAStatePageAfterAnId() {
    for (int i = 1; i <= 5; i++) {
      create(instance("o-" + i).in("review"));
    }

    assertThat(store.instances().instancesIn("order", "review", null, "", 2))
        .containsExactly("o-1", "o-2");
    assertThat(store.instances().instancesIn("order", "review", null, "o-2", 2))
        .containsExactly("o-3", "o-4");
    assertThat(store.instances().instancesIn("order", "review", null, "o-4", 2))
        .containsExactly("o-5");
    assertThat(store.instances().instancesIn("order", "review", null, "o-5", 2)).isEmpty();
  }

  @Test
  void instanceIdsAreThoseOfOneMachineSortedWhateverTheirStatus() {
    create("o-2", "o-10");
    create(instance("o-1").status(done()));
    create(instance("p-1").machine("payment"));

    assertThat(store.instances().instanceIds("order")).containsExactly("o-1", "o-10", "o-2");
    assertThat(store.instances().instanceIds("payment")).containsExactly("p-1");
    assertThat(store.instances().instanceIds("invoice")).isEmpty();
  }

  // ---- creating instances ----

  @Test
  void createStoresTheInstanceWithItsFirstHistoryRows() {
    InstanceRecord record = instance("o-1").historySequence(2).build();
    HistoryEntry origin =
        new HistoryEntry(
            1,
            "o-1",
            "conv-o-1",
            T0,
            Kind.ORIGIN,
            "ORDER_PLACED",
            Map.of("sku", "A-1"),
            List.of("waiting"),
            "",
            0,
            0,
            List.of());
    HistoryEntry created =
        new HistoryEntry(
            2,
            "o-1",
            "conv-o-1",
            T0,
            Kind.CREATED,
            "@init",
            Map.of(),
            List.of("waiting"),
            "",
            0,
            0,
            record.active());

    store.work().create(record, List.of(origin, created));

    assertThat(store.instances().find("o-1")).contains(record);
    assertThat(store.instances().history("o-1", 0, 10)).containsExactly(origin, created);
  }

  @Test
  void createRefusesATakenIdAndKeepsTheFirstInstance() {
    InstanceRecord first = create(instance("o-1"));
    InstanceRecord second = instance("o-1").in("paid").createdAt(T0.plusSeconds(1)).build();

    assertThatThrownBy(() -> store.work().create(second, List.of(createdRow(second))))
        .isInstanceOf(DuplicateInstanceException.class)
        .hasMessageContaining("o-1");
    assertThat(store.instances().find("o-1")).contains(first);
    assertThat(store.instances().history("o-1", 0, 10)).containsExactly(createdRow(first));
  }

  // ---- enqueueing ----

  @Test
  void enqueueStoresTheEventWithItsQueueIdFieldForField() {
    create("o-1");
    QueuedEvent sent =
        new QueuedEvent(
            0,
            "o-1",
            "order",
            Event.of("PAY", Map.of("amount", 12L, "by", "card")),
            "emit",
            "conv-o-1",
            0,
            T0.plusMillis(1),
            T0.plusMillis(1),
            List.of(),
            Priority.HIGH,
            "k-1");

    QueuedEvent stored = store.queue().enqueue(sent);

    assertThat(stored.id()).isPositive();
    assertThat(stored).isEqualTo(sent.withId(stored.id()));
    assertThat(claim(T0.plusMillis(1)))
        .singleElement()
        .satisfies(c -> assertThat(c.events()).containsExactly(stored));
  }

  @Test
  void headersAreStoredWithTheEventAndClaimedBackWithOrWithoutAnIdempotencyKey() {
    create("o-1", "o-2");
    Map<String, String> headers =
        Map.of("traceparent", "00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01");
    QueuedEvent plain =
        store
            .queue()
            .enqueue(
                QueuedEvent.of("o-1", "order", Event.of("PAY"), "api", T0).withHeaders(headers));
    QueuedEvent keyed =
        store
            .queue()
            .enqueue(
                QueuedEvent.of("o-2", "order", Event.of("PAY"), "api", T0)
                    .withIdempotencyKey("k-1")
                    .withHeaders(headers));
    QueuedEvent none = enqueue("o-1", "SHIP", T0);

    assertThat(plain.headers()).isEqualTo(headers);
    assertThat(claim(T0))
        .flatExtracting(c -> c.events())
        .extracting(QueuedEvent::id, QueuedEvent::headers)
        .containsExactlyInAnyOrder(
            tuple(plain.id(), headers), tuple(keyed.id(), headers), tuple(none.id(), Map.of()));
  }

  @Test
  void queueIdsIncreaseInEnqueueOrder() {
    create("o-1", "o-2");

    long first = enqueue("o-1", "A", T0).id();
    long other = enqueue("o-2", "A", T0).id();
    long second = enqueue("o-1", "B", T0).id();
    long third = enqueue("o-1", "C", T0).id();

    assertThat(List.of(first, second, third)).isSorted().doesNotHaveDuplicates();
    assertThat(other).isNotIn(first, second, third);
    assertThat(availableTypes("o-1", T0)).containsExactly("A", "B", "C");
  }

  @Test
  void anIdempotencyKeyIsQueuedOncePerInstanceAndGivesBackTheFirstId() {
    create("o-1", "o-2");
    QueuedEvent first = store.queue().enqueue(event("o-1", "PAY", T0).withIdempotencyKey("k-1"));

    QueuedEvent again =
        store.queue().enqueue(event("o-1", "PAY", T0.plusSeconds(1)).withIdempotencyKey("k-1"));
    QueuedEvent elsewhere =
        store.queue().enqueue(event("o-2", "PAY", T0).withIdempotencyKey("k-1"));

    assertThat(again.id()).isEqualTo(first.id());
    assertThat(elsewhere.id()).isNotEqualTo(first.id());
    assertThat(availableTypes("o-1", T0.plusSeconds(1))).containsExactly("PAY");
    assertThat(store.queue().pendingEvents()).isEqualTo(2);
    assertThat(store.queue().idempotencyRecord("o-1", "k-1"))
        .get()
        .satisfies(
            kept -> {
              assertThat(kept.eventId()).isEqualTo(first.id());
              assertThat(kept.fingerprint()).isEqualTo(EventFingerprint.of(Event.of("PAY")));
              assertThat(kept.outcome()).isNull();
            });
    assertThat(store.queue().idempotencyRecord("o-1", "k-2")).isEmpty();
  }

  @Test
  void anIdempotencyKeyUsedAgainWithAnotherEventIsRefusedAndQueuesNothing() {
    create("o-1");
    store
        .queue()
        .enqueue(
            QueuedEvent.of("o-1", "order", Event.of("PAY", Map.of("amount", 10)), "api", T0)
                .withIdempotencyKey("k-1"));

    QueuedEvent samePayloadOtherOrder =
        store
            .queue()
            .enqueue(
                QueuedEvent.of("o-1", "order", Event.of("PAY", Map.of("amount", 10.0)), "api", T0)
                    .withIdempotencyKey("k-1"));
    assertThatThrownBy(
            () ->
                store
                    .queue()
                    .enqueue(
                        QueuedEvent.of(
                                "o-1", "order", Event.of("PAY", Map.of("amount", 11)), "api", T0)
                            .withIdempotencyKey("k-1")))
        .isInstanceOf(IdempotencyConflictException.class)
        .hasMessageContaining("k-1")
        .hasMessageContaining("another event");
    assertThatThrownBy(
            () -> store.queue().enqueue(event("o-1", "REFUND", T0).withIdempotencyKey("k-1")))
        .isInstanceOf(IdempotencyConflictException.class);

    assertThat(samePayloadOtherOrder.id()).as("numbers by value").isPositive();
    assertThat(store.queue().pendingEvents()).isEqualTo(1);
  }

  @Test
  void anIdempotencyKeyStaysUsedAfterItsEventWasProcessed() {
    create("o-1");
    QueuedEvent first = store.queue().enqueue(event("o-1", "PAY", T0).withIdempotencyKey("k-1"));
    Claim claim = claim(T0).get(0);
    commitAll(update(claim).consumed(List.of(first.id())));

    QueuedEvent again = store.queue().enqueue(event("o-1", "PAY", T0).withIdempotencyKey("k-1"));

    assertThat(again.id()).isEqualTo(first.id());
    assertThat(store.queue().pendingEvents()).isZero();
  }

  @Test
  void enqueueToAnUnknownInstanceThrowsAndQueuesNothing() {
    assertThatThrownBy(() -> enqueue("ghost", "PAY", T0))
        .isInstanceOf(UnknownInstanceException.class)
        .hasMessageContaining("ghost");
    assertThat(store.queue().pendingEvents()).isZero();
  }

  // ---- helpers ----

  private static InstanceStatus done() {
    return InstanceStatus.DONE;
  }

  /** Appends {@code count} history rows to {@code id} with one commit. */
  private void appendRows(String id, int count) {
    Claim claim = lease(id, T0);
    long last = claim.instance().historySequence();
    List<HistoryEntry> rows =
        LongStream.rangeClosed(last + 1, last + count)
            .mapToObj(
                sequence ->
                    new HistoryEntry(
                        sequence,
                        id,
                        claim.instance().conversationId(),
                        T0,
                        Kind.INTERNAL,
                        "TICK",
                        Map.of(),
                        List.of("waiting"),
                        ""))
            .toList();
    commitAll(
        update(claim, InstanceBuilder.nextOf(claim.instance()).historySequence(last + count))
            .history(rows));
  }
}
