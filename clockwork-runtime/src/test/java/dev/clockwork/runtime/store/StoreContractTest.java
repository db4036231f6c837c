package dev.clockwork.runtime.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.tuple;

import dev.clockwork.core.definition.Machine;
import dev.clockwork.core.definition.MachineDefinition;
import dev.clockwork.core.event.Event;
import dev.clockwork.core.interpreter.Interpreter;
import dev.clockwork.core.interpreter.StepResult;
import dev.clockwork.core.time.Timer;
import dev.clockwork.runtime.internal.HistoryRows;
import dev.clockwork.runtime.internal.SnapshotCodec;
import dev.clockwork.runtime.queue.AttemptError;
import dev.clockwork.runtime.queue.DeadLetter;
import dev.clockwork.runtime.queue.Lease;
import dev.clockwork.runtime.queue.Priority;
import dev.clockwork.runtime.queue.QueuedEvent;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The behaviour every {@link Store} must have. Subclass it once per store; {@link #newStore()}
 * returns an empty store for each test.
 */
public abstract class StoreContractTest {
  protected static final Instant T0 = Instant.parse("2026-01-01T00:00:00Z");
  protected static final Duration LEASE = Duration.ofSeconds(30);
  protected static final MachineDefinition ORDER =
      Machine.define("order")
          .initial("waiting")
          .state(
              "waiting",
              s -> s.on("PAY", "paid").on("EXPIRE", t -> t.to("expired").after(Timer.hours(1))))
          .state("paid")
          .state("expired")
          .build();

  protected Store store;

  /** An empty store. */
  protected abstract Store newStore();

  @BeforeEach
  void setUpStore() {
    store = newStore();
  }

  protected InstanceRecord createInstance(String id, Instant at) {
    return createInstance(id, "conv-" + id, at);
  }

  protected InstanceRecord createInstance(String id, String conversationId, Instant at) {
    StepResult started = Interpreter.start(ORDER, Map.of("n", 1), at);
    List<HistoryEntry> history = HistoryRows.created(id, conversationId, started, null, at);
    InstanceRecord record = SnapshotCodec.created(id, conversationId, started.snapshot(), 1, at);
    store.create(record, history);
    return record;
  }

  protected QueuedEvent enqueue(String id, String type, Instant at) {
    return store.enqueue(QueuedEvent.of(id, "order", Event.of(type), "api", at));
  }

  /** The commit of a turn whose only work was putting {@code failed} back for a retry. */
  public static StepCommit retryCommit(Claim claim, QueuedEvent failed) {
    InstanceRecord next = claim.instance().withRevision(claim.instance().revision() + 1);
    return new StepCommit(
        claim.lease(),
        next,
        List.of(),
        List.of(),
        List.of(),
        true,
        List.of(),
        null,
        List.of(),
        List.of(failed));
  }

  /**
   * The commit of a turn whose only work was sending {@code failed} to the dead letters, with its
   * failure row.
   */
  public static StepCommit deadLetterCommit(
      Claim claim, QueuedEvent failed, HistoryEntry failure, boolean release) {
    InstanceRecord next =
        claim
            .instance()
            .withHistorySequence(failure.sequence())
            .withRevision(claim.instance().revision() + 1);
    return new StepCommit(
        claim.lease(),
        next,
        List.of(failure),
        List.of(),
        List.of(),
        release,
        List.of(),
        null,
        List.of(failed),
        List.of());
  }

  /** A commit that applies nothing but consumes {@code consumed} and bumps the revision. */
  protected StepCommit commitOf(Claim claim, List<Long> consumed, boolean release) {
    InstanceRecord next = claim.instance().withRevision(claim.instance().revision() + 1);
    return new StepCommit(claim.lease(), next, List.of(), consumed, List.of(), release);
  }

  @Test
  void storesAndFindsInstances() {
    createInstance("o-1", T0);
    InstanceRecord found = store.find("o-1").orElseThrow();
    assertThat(found.machine()).isEqualTo("order");
    assertThat(found.leafPaths()).containsExactly("waiting");
    assertThat(((Number) found.context().get("n")).intValue()).isEqualTo(1);
    assertThat(found.timers())
        .singleElement()
        .satisfies(t -> assertThat(t.due()).isEqualTo(T0.plusSeconds(3600)));
    assertThat(store.find("nope")).isEmpty();
    assertThat(store.instanceIds("order")).containsExactly("o-1");
  }

  @Test
  void findsTheOldestInstanceOfAMachineInAConversation() {
    createInstance("o-2", "conv-a", T0.plusSeconds(1));
    createInstance("o-1", "conv-a", T0.plusSeconds(2));
    createInstance("o-0", "conv-b", T0);
    assertThat(store.findInConversation("conv-a", "order")).map(InstanceRecord::id).contains("o-2");
    assertThat(store.findInConversation("conv-b", "order")).map(InstanceRecord::id).contains("o-0");
    assertThat(store.findInConversation("conv-a", "payment")).isEmpty();
    assertThat(store.findInConversation("conv-c", "order")).isEmpty();
    assertThat(store.find("o-1").orElseThrow().conversationId()).isEqualTo("conv-a");
    assertThat(store.history("o-1", 0, 10))
        .extracting(HistoryEntry::conversationId)
        .containsOnly("conv-a");
  }

  @Test
  void refusesADuplicateId() {
    createInstance("o-1", T0);
    assertThatThrownBy(() -> createInstance("o-1", T0))
        .isInstanceOf(DuplicateInstanceException.class);
  }

  @Test
  void pagesHistory() {
    createInstance("o-1", T0);
    assertThat(store.history("o-1", 0, 10)).extracting(HistoryEntry::sequence).containsExactly(1L);
    assertThat(store.history("o-1", 1, 10)).isEmpty();
  }

  @Test
  void claimsInstancesWithTheirEventsInQueueOrder() {
    createInstance("o-1", T0);
    QueuedEvent first = enqueue("o-1", "A", T0);
    QueuedEvent second = enqueue("o-1", "B", T0);
    enqueue("o-1", "C", T0);
    assertThat(second.id()).isGreaterThan(first.id());
    List<Claim> claims = store.claim("w1", LEASE, T0, 10, 2);
    assertThat(claims)
        .singleElement()
        .satisfies(
            c -> {
              assertThat(c.instance().id()).isEqualTo("o-1");
              assertThat(c.events()).extracting(e -> e.event().type()).containsExactly("A", "B");
              assertThat(c.lease().owner()).isEqualTo("w1");
            });
    assertThat(store.pendingEvents()).isEqualTo(3);
  }

  @Test
  void aLeasedInstanceIsNotClaimedAgainUntilItsLeaseExpires() {
    createInstance("o-1", T0);
    enqueue("o-1", "A", T0);
    assertThat(store.claim("w1", LEASE, T0, 10, 10)).hasSize(1);
    assertThat(store.claim("w2", LEASE, T0.plusSeconds(29), 10, 10)).isEmpty();
    List<Claim> takeover = store.claim("w2", LEASE, T0.plusSeconds(30), 10, 10);
    assertThat(takeover)
        .singleElement()
        .satisfies(c -> assertThat(c.lease().owner()).isEqualTo("w2"));
  }

  @Test
  void aCommitUnderALostLeaseIsRefusedAndChangesNothing() {
    createInstance("o-1", T0);
    QueuedEvent event = enqueue("o-1", "A", T0);
    Claim stale = store.claim("w1", LEASE, T0, 10, 10).get(0);
    Claim fresh = store.claim("w2", LEASE, T0.plusSeconds(31), 10, 10).get(0);
    Set<String> lost = store.commit(List.of(commitOf(stale, List.of(event.id()), true)));
    assertThat(lost).containsExactly("o-1");
    assertThat(store.pendingEvents()).isEqualTo(1);
    assertThat(store.commit(List.of(commitOf(fresh, List.of(event.id()), true)))).isEmpty();
    assertThat(store.pendingEvents()).isZero();
    assertThat(store.find("o-1").orElseThrow().revision()).isEqualTo(2);
  }

  @Test
  void aCommitThatIsPartOfARefusedOneIsRefusedToo() {
    createInstance("o-1", T0);
    createInstance("o-2", T0);
    createInstance("o-3", T0);
    Claim caller = store.lease("o-1", "w1", LEASE, T0).orElseThrow();
    Claim target = store.lease("o-2", "w1", LEASE, T0).orElseThrow();
    Claim other = store.lease("o-3", "w1", LEASE, T0).orElseThrow();
    store.release(caller.lease()); // the caller's lease is lost before the chain commits
    StepCommit nested = commitOf(target, List.of(), true);
    StepCommit partOfCaller =
        new StepCommit(
            nested.lease(),
            nested.next(),
            nested.history(),
            nested.consumed(),
            nested.outgoing(),
            true,
            List.of(),
            "o-1",
            List.of(),
            List.of());

    Set<String> lost =
        store.commit(
            List.of(
                commitOf(caller, List.of(), true), partOfCaller, commitOf(other, List.of(), true)));

    assertThat(lost).containsExactlyInAnyOrder("o-1", "o-2");
    assertThat(store.find("o-2").orElseThrow().revision()).isEqualTo(1);
    assertThat(store.find("o-3").orElseThrow().revision()).isEqualTo(2);
    assertThat(store.lease("o-2", "w2", LEASE, T0)).as("o-2 is still leased by w1").isEmpty();
    store.release(target.lease());
    assertThat(store.lease("o-2", "w2", LEASE, T0)).isPresent();
  }

  @Test
  void aCommitMustBeOneRevisionAboveTheStoredOne() {
    createInstance("o-1", T0);
    Claim claim = store.lease("o-1", "w1", LEASE, T0).orElseThrow();
    InstanceRecord skipped = claim.instance().withRevision(claim.instance().revision() + 2);
    StepCommit commit =
        new StepCommit(claim.lease(), skipped, List.of(), List.of(), List.of(), true);
    assertThatThrownBy(() -> store.commit(List.of(commit)))
        .isInstanceOf(ConcurrentUpdateException.class);
  }

  @Test
  void commitWritesHistoryConsumesEventsEnqueuesOutgoingAndReleases() {
    createInstance("o-1", T0);
    createInstance("o-2", T0);
    QueuedEvent event = enqueue("o-1", "PAY", T0);
    Claim claim = store.claim("w1", LEASE, T0, 10, 10).get(0);
    HistoryEntry row =
        new HistoryEntry(
            2,
            "o-1",
            "conv-o-1",
            T0,
            HistoryEntry.Kind.EVENT,
            "PAY",
            Map.of(),
            List.of("paid"),
            "");
    InstanceRecord next = claim.instance().withRevision(2).withHistorySequence(2);
    QueuedEvent outgoing = QueuedEvent.of("o-2", "order", Event.of("PAY"), "emit", T0);
    store.commit(
        List.of(
            new StepCommit(
                claim.lease(), next, List.of(row), List.of(event.id()), List.of(outgoing), true)));
    assertThat(store.history("o-1", 0, 10))
        .extracting(HistoryEntry::event)
        .containsExactly("@init", "PAY");
    assertThat(store.find("o-1").orElseThrow().historySequence()).isEqualTo(2);
    assertThat(store.claim("w2", LEASE, T0, 10, 10))
        .singleElement()
        .satisfies(c -> assertThat(c.instance().id()).isEqualTo("o-2"));
    assertThat(store.lease("o-1", "w3", LEASE, T0)).isPresent();
  }

  @Test
  void anEventWaitingForARetryHoldsBackTheEventsBehindIt() {
    createInstance("o-1", T0);
    QueuedEvent first = enqueue("o-1", "A", T0);
    enqueue("o-1", "B", T0);
    Claim claim = store.claim("w1", LEASE, T0, 10, 1).get(0);
    Instant retryAt = T0.plusSeconds(2);
    assertThat(
            store.commit(
                List.of(
                    retryCommit(claim, first.failed(new AttemptError(1, T0, "boom"), retryAt)))))
        .isEmpty();
    assertThat(store.claim("w1", LEASE, T0.plusSeconds(1), 10, 10)).isEmpty();
    assertThat(store.nextEventAvailable(T0.plusSeconds(1))).contains(retryAt);
    Claim retried = store.claim("w1", LEASE, retryAt, 10, 10).get(0);
    assertThat(retried.events()).extracting(e -> e.event().type()).containsExactly("A", "B");
    assertThat(retried.events().get(0).attempts()).isEqualTo(1);
    assertThat(retried.events().get(0).errors())
        .extracting(AttemptError::error)
        .containsExactly("boom");
  }

  @Test
  void aDeadLetterLeavesTheQueueSoTheInstanceMovesOn() {
    createInstance("o-1", T0);
    QueuedEvent poison = enqueue("o-1", "A", T0);
    enqueue("o-1", "B", T0);
    Claim claim = store.claim("w1", LEASE, T0, 10, 1).get(0);
    HistoryEntry failure =
        new HistoryEntry(
            2,
            "o-1",
            "conv-o-1",
            T0,
            HistoryEntry.Kind.FAILED,
            "A",
            Map.of(),
            List.of("waiting"),
            "boom");
    commitDeadLetter(
        claim,
        poison.failed(new AttemptError(1, T0, "boom"), T0).withConversationId("conv-o-1"),
        failure);
    assertThat(store.deadLetters(10))
        .singleElement()
        .satisfies(
            d -> {
              assertThat(d.event().event().type()).isEqualTo("A");
              assertThat(d.event().errors()).hasSize(1);
              assertThat(d.event().conversationId()).isEqualTo("conv-o-1");
            });
    assertThat(store.history("o-1", 1, 10))
        .extracting(HistoryEntry::kind, HistoryEntry::conversationId)
        .containsExactly(tuple(HistoryEntry.Kind.FAILED, "conv-o-1"));
    assertThat(store.claim("w1", LEASE, T0, 10, 10).get(0).events())
        .extracting(e -> e.event().type())
        .containsExactly("B");
  }

  @Test
  void historyRowsComeBackFieldForField() {
    createInstance("o-1", T0);
    Claim claim = store.lease("o-1", "w1", LEASE, T0).orElseThrow();
    Instant onTheSecond = T0.plusSeconds(60);
    Instant withMicros = T0.plusNanos(123_456_000);
    List<HistoryEntry> rows =
        List.of(
            new HistoryEntry(
                2,
                "o-1",
                "conv-o-1",
                onTheSecond,
                HistoryEntry.Kind.EVENT,
                "PAY",
                Map.of("amount", 12L, "note", "it's \"quoted\", {braced}"),
                List.of("paid", "a,b"),
                null),
            new HistoryEntry(
                3,
                "o-1",
                "conv-o-1",
                withMicros,
                HistoryEntry.Kind.FAILED,
                null,
                Map.of(),
                List.of(),
                "Boom: NULL, \\ and ünïcode"));
    InstanceRecord next =
        claim.instance().withHistorySequence(3).withRevision(claim.instance().revision() + 1);

    store.commit(List.of(new StepCommit(claim.lease(), next, rows, List.of(), List.of(), true)));

    assertThat(store.history("o-1", 1, 10)).isEqualTo(rows);
  }

  @Test
  void aTurnDeadLettersOneEventAndConsumesTheOthersInOneCommit() {
    createInstance("o-1", T0);
    QueuedEvent a = enqueue("o-1", "A", T0);
    QueuedEvent poison = enqueue("o-1", "POISON", T0);
    QueuedEvent c = enqueue("o-1", "C", T0);
    enqueue("o-1", "D", T0);
    Claim claim = store.claim("w1", LEASE, T0, 10, 3).get(0);
    Instant died = T0.plusMillis(250);
    HistoryEntry failure =
        new HistoryEntry(
            2,
            "o-1",
            "conv-o-1",
            died,
            HistoryEntry.Kind.FAILED,
            "POISON",
            Map.of(),
            List.of("waiting"),
            "boom");
    InstanceRecord next =
        claim.instance().withHistorySequence(2).withRevision(claim.instance().revision() + 1);
    QueuedEvent dead = poison.failed(new AttemptError(1, died, "boom"), died);

    Set<String> lost =
        store.commit(
            List.of(
                new StepCommit(
                    claim.lease(),
                    next,
                    List.of(failure),
                    List.of(a.id(), c.id()),
                    List.of(),
                    true,
                    List.of(),
                    null,
                    List.of(dead),
                    List.of())));

    assertThat(lost).isEmpty();
    assertThat(store.deadLetters(10))
        .singleElement()
        .satisfies(
            d -> {
              assertThat(d.event().id()).isEqualTo(poison.id());
              assertThat(d.deadAt()).isEqualTo(died);
            });
    assertThat(store.find("o-1").orElseThrow().historySequence()).isEqualTo(2);
    assertThat(store.claim("w1", LEASE, T0, 10, 10).get(0).events())
        .extracting(e -> e.event().type())
        .containsExactly("D");
  }

  @Test
  void aDeadLetterUnderALostLeaseIsNotWritten() {
    createInstance("o-1", T0);
    QueuedEvent poison = enqueue("o-1", "POISON", T0);
    Claim stale = store.claim("w1", LEASE, T0, 10, 1).get(0);
    store.release(stale.lease());
    StepCommit commit = commitOf(stale, List.of(), true);

    Set<String> lost =
        store.commit(
            List.of(
                new StepCommit(
                    commit.lease(),
                    commit.next(),
                    List.of(),
                    List.of(),
                    List.of(),
                    true,
                    List.of(),
                    null,
                    List.of(poison.failed(new AttemptError(1, T0, "boom"), T0)),
                    List.of())));

    assertThat(lost).containsExactly("o-1");
    assertThat(store.deadLetters(10)).isEmpty();
    assertThat(store.pendingEvents()).isEqualTo(1);
  }

  @Test
  void leasesForSynchronousSendsAreExclusiveAndRenewable() {
    createInstance("o-1", T0);
    Claim claim = store.lease("o-1", "sync", LEASE, T0).orElseThrow();
    assertThat(claim.events()).isEmpty();
    assertThat(store.lease("o-1", "other", LEASE, T0.plusSeconds(10))).isEmpty();
    Optional<Lease> renewed = store.renew(claim.lease(), T0.plusSeconds(60));
    assertThat(renewed).isPresent();
    assertThat(store.lease("o-1", "other", LEASE, T0.plusSeconds(45))).isEmpty();
    store.release(claim.lease());
    assertThat(store.lease("o-1", "other", LEASE, T0.plusSeconds(45))).isPresent();
    assertThat(store.renew(claim.lease(), T0.plusSeconds(90))).isEmpty();
  }

  @Test
  void sweepEnqueuesEachDueFireOnce() {
    createInstance("o-1", T0);
    createInstance("o-2", T0.plusSeconds(600));
    assertThat(store.nextTimerDue()).contains(T0.plusSeconds(3600));
    assertThat(store.sweepDueTimers(T0.plusSeconds(3599), 10)).isZero();
    assertThat(store.sweepDueTimers(T0.plusSeconds(3600), 10)).isEqualTo(1);
    assertThat(store.sweepDueTimers(T0.plusSeconds(3600), 10)).isZero();
    assertThat(store.nextTimerDue()).contains(T0.plusSeconds(4200));
    Claim claim = store.claim("w1", LEASE, T0.plusSeconds(3600), 10, 10).get(0);
    assertThat(claim.events())
        .singleElement()
        .satisfies(
            e -> {
              assertThat(e.event().type()).isEqualTo("EXPIRE");
              assertThat(e.event().timer().due()).isEqualTo(T0.plusSeconds(3600));
              assertThat(e.source()).isEqualTo("timer");
            });
  }

  @Test
  void recommittingAnArmedTimerWhoseFireIsQueuedDoesNotSweepItAgain() {
    createInstance("o-1", T0);
    store.sweepDueTimers(T0.plusSeconds(3600), 10);
    Claim claim = store.lease("o-1", "sync", LEASE, T0.plusSeconds(3600)).orElseThrow();
    store.commit(List.of(commitOf(claim, List.of(), true)));
    assertThat(store.sweepDueTimers(T0.plusSeconds(7200), 10)).isZero();
    assertThat(store.pendingEvents()).isEqualTo(1);
  }

  @Test
  void sweepRespectsItsLimitInDueOrder() {
    createInstance("late", T0.plusSeconds(10));
    createInstance("early", T0);
    assertThat(store.sweepDueTimers(T0.plusSeconds(4000), 1)).isEqualTo(1);
    assertThat(store.claim("w1", LEASE, T0.plusSeconds(4000), 10, 10))
        .singleElement()
        .satisfies(c -> assertThat(c.instance().id()).isEqualTo("early"));
  }

  @Test
  void claimsAndSweepsOnlyTheMachinesAskedFor() {
    createInstance("o-1", T0);
    enqueue("o-1", "PAY", T0);
    assertThat(store.claim("w1", LEASE, T0, 10, 10, Set.of("invoice"))).isEmpty();
    assertThat(store.sweepDueTimers(T0.plusSeconds(3600), 10, Set.of("invoice"))).isZero();
    assertThat(store.claim("w1", LEASE, T0, 10, 10, Set.of("order"))).hasSize(1);
    assertThat(store.sweepDueTimers(T0.plusSeconds(3600), 10, Set.of("order"))).isEqualTo(1);
  }

  @Test
  void listsArmedTimersSoonestFirstByMachineAndState() {
    createInstance("late", T0.plusSeconds(60));
    createInstance("early", T0);
    assertThat(store.armedTimers("order", "waiting", 10))
        .extracting(TimerView::instanceId, TimerView::state, TimerView::event, TimerView::due)
        .containsExactly(
            org.assertj.core.groups.Tuple.tuple("early", "waiting", "EXPIRE", T0.plusSeconds(3600)),
            org.assertj.core.groups.Tuple.tuple("late", "waiting", "EXPIRE", T0.plusSeconds(3660)));
    assertThat(store.armedTimers("invoice", null, 10)).isEmpty();
    assertThat(store.armedTimers(null, "paid", 10)).isEmpty();
    assertThat(store.armedTimers(null, null, 1)).hasSize(1);
  }

  /** Commits a turn whose only work was sending {@code failed} to the dead letters. */
  private void commitDeadLetter(Claim claim, QueuedEvent failed, HistoryEntry failure) {
    assertThat(store.commit(List.of(deadLetterCommit(claim, failed, failure, true)))).isEmpty();
  }

  private DeadLetter deadLetterOf(String id, String type, Instant at) {
    QueuedEvent poison = enqueue(id, type, at);
    Claim claim = store.lease(id, "w1", LEASE, at).orElseThrow();
    long seq = store.find(id).orElseThrow().historySequence() + 1;
    HistoryEntry failure =
        new HistoryEntry(
            seq,
            id,
            "conv-" + id,
            at,
            HistoryEntry.Kind.FAILED,
            type,
            Map.of(),
            List.of("waiting"),
            "boom");
    commitDeadLetter(claim, poison.failed(new AttemptError(1, at, "boom"), at), failure);
    return store.deadLetters(null, 100).stream()
        .filter(d -> d.event().instanceId().equals(id) && d.event().event().type().equals(type))
        .findFirst()
        .orElseThrow();
  }

  @Test
  void aPausedMachineKeepsAcceptingEventsButIsNotClaimed() {
    createInstance("o-1", T0);
    store.pause("order");
    enqueue("o-1", "PAY", T0);
    assertThat(store.isPaused("order")).isTrue();
    assertThat(store.claim("w1", LEASE, T0, 10, 10)).isEmpty();
    QueueStats stats = store.queueStats("order", T0);
    assertThat(stats.paused()).isTrue();
    assertThat(stats.pending()).isEqualTo(1);
    store.resume("order");
    assertThat(store.claim("w1", LEASE, T0, 10, 10)).hasSize(1);
    assertThat(store.queueStats("order", T0).processing()).isEqualTo(1);
    assertThat(store.machines()).containsExactly("order");
  }

  @Test
  void deadLettersCanBeListedInspectedRetriedAndPurged() {
    createInstance("o-1", T0);
    createInstance("o-2", T0);
    DeadLetter first = deadLetterOf("o-1", "PAY", T0);
    DeadLetter second = deadLetterOf("o-2", "PAY", T0.plusSeconds(3600));
    assertThat(store.deadLetters("order", 10))
        .extracting(DeadLetter::id)
        .containsExactly(first.id(), second.id());
    assertThat(store.deadLetters("invoice", 10)).isEmpty();
    assertThat(store.deadLetter(first.id()))
        .hasValueSatisfying(d -> assertThat(d.event().errors()).hasSize(1));
    assertThat(store.queueStats("order", T0).deadLetters()).isEqualTo(2);

    QueuedEvent retried = store.retryDeadLetter(first.id(), T0.plusSeconds(5)).orElseThrow();
    assertThat(retried.attempts()).isZero();
    assertThat(retried.availableAt()).isEqualTo(T0.plusSeconds(5));
    assertThat(store.deadLetter(first.id())).isEmpty();
    assertThat(store.claim("w1", LEASE, T0.plusSeconds(4), 10, 10)).isEmpty();
    assertThat(store.claim("w1", LEASE, T0.plusSeconds(5), 10, 10)).hasSize(1);
    assertThat(store.retryDeadLetter(999_999, T0)).isEmpty();

    assertThat(store.purgeDeadLetters("order", T0.plusSeconds(3600))).isZero();
    assertThat(store.purgeDeadLetters("order", null)).isEqualTo(1);
    assertThat(store.deadLetters(null, 10)).isEmpty();
  }

  @Test
  void purgingPendingEventsSparesLeasedInstances() {
    createInstance("o-1", T0);
    createInstance("o-2", T0);
    enqueue("o-1", "PAY", T0);
    enqueue("o-2", "PAY", T0);
    enqueue("o-2", "PAY", T0.plusSeconds(60));
    store.lease("o-1", "busy", LEASE, T0);
    assertThat(store.purgePending("order", T0.plusSeconds(30), T0)).isEqualTo(1);
    assertThat(store.pendingEvents()).isEqualTo(2);
    assertThat(store.purgePending("order", null, T0)).isEqualTo(1);
    assertThat(store.pendingEvents()).isEqualTo(1);
    assertThat(store.claim("w1", LEASE, T0.plusSeconds(31), 10, 10)).hasSize(1);
  }

  @Test
  void theHeadEventWithTheHighestPriorityIsServedFirst() {
    createInstance("bulk", T0);
    createInstance("urgent", T0);
    for (int i = 0; i < 5; i++) {
      store.enqueue(
          QueuedEvent.of("bulk", "order", Event.of("PAY"), "api", T0).withPriority(Priority.BULK));
    }
    store.enqueue(
        QueuedEvent.of("urgent", "order", Event.of("PAY"), "api", T0.plusSeconds(1))
            .withPriority(Priority.CRITICAL));
    assertThat(store.claim("w1", LEASE, T0.plusSeconds(1), 1, 10))
        .singleElement()
        .satisfies(c -> assertThat(c.instance().id()).isEqualTo("urgent"));
  }

  @Test
  void priorityNeverReordersTheEventsOfOneInstance() {
    createInstance("o-1", T0);
    store.enqueue(QueuedEvent.of("o-1", "order", Event.of("PAY"), "api", T0));
    store.enqueue(
        QueuedEvent.of("o-1", "order", Event.of("EXPIRE"), "api", T0)
            .withPriority(Priority.CRITICAL));
    assertThat(store.claim("w1", LEASE, T0, 1, 10).get(0).events())
        .extracting(e -> e.event().type(), QueuedEvent::priority)
        .containsExactly(
            org.assertj.core.groups.Tuple.tuple("PAY", Priority.NORMAL),
            org.assertj.core.groups.Tuple.tuple("EXPIRE", Priority.CRITICAL));
  }

  @Test
  void claimsWithinCapsCountTheLeasesEveryNodeHolds() {
    for (int i = 0; i < 4; i++) {
      createInstance("o-" + i, T0);
      enqueue("o-" + i, "PAY", T0);
    }
    List<Claim> first = store.claimWithinCaps("node-a", LEASE, T0, 10, 10, Map.of("order", 3));
    assertThat(first).hasSize(3);
    assertThat(store.claimWithinCaps("node-b", LEASE, T0, 10, 10, Map.of("order", 3))).isEmpty();
    store.release(first.get(0).lease());
    assertThat(store.claimWithinCaps("node-b", LEASE, T0, 10, 10, Map.of("order", 3))).hasSize(1);
    assertThat(store.claimWithinCaps("node-b", LEASE, T0, 10, 10, Map.of("invoice", 3))).isEmpty();
  }

  @Test
  void claimsWithinCapsSkipAPausedMachineAndTakeTheBestHeadsFirst() {
    for (int i = 0; i < 4; i++) {
      createInstance("o-" + i, T0);
      store.enqueue(
          QueuedEvent.of("o-" + i, "order", Event.of("PAY"), "api", T0.plusSeconds(i))
              .withPriority(i == 3 ? Priority.CRITICAL : Priority.NORMAL));
    }
    store.pause("order");
    assertThat(
            store.claimWithinCaps("node-a", LEASE, T0.plusSeconds(10), 10, 10, Map.of("order", 2)))
        .isEmpty();
    store.resume("order");
    assertThat(
            store.claimWithinCaps("node-a", LEASE, T0.plusSeconds(10), 10, 10, Map.of("order", 2)))
        .extracting(c -> c.instance().id())
        .containsExactly("o-3", "o-0");
  }

  @Test
  void enqueueAllQueuesEachEventBehindItsInstancesOthersAndSkipsUnknownInstances() {
    createInstance("o-1", T0);
    createInstance("o-2", T0);
    enqueue("o-1", "FIRST", T0);

    int queued =
        store.enqueueAll(
            List.of(
                QueuedEvent.of("o-1", "order", Event.of("PAY"), "broadcast", T0),
                QueuedEvent.of("ghost", "order", Event.of("PAY"), "broadcast", T0),
                QueuedEvent.of("o-2", "order", Event.of("PAY"), "broadcast", T0)));

    assertThat(queued).isEqualTo(2);
    assertThat(store.pendingEvents()).isEqualTo(3);
    assertThat(store.claim("w1", LEASE, T0, 10, 10))
        .extracting(
            c -> c.instance().id(), c -> c.events().stream().map(e -> e.event().type()).toList())
        .containsExactlyInAnyOrder(
            tuple("o-1", List.of("FIRST", "PAY")), tuple("o-2", List.of("PAY")));
  }

  @Test
  void anIdempotencyKeyIsAcceptedOncePerInstance() {
    createInstance("o-1", T0);
    createInstance("o-2", T0);
    QueuedEvent first =
        store.enqueue(
            QueuedEvent.of("o-1", "order", Event.of("PAY"), "api", T0).withIdempotencyKey("k-1"));
    QueuedEvent again =
        store.enqueue(
            QueuedEvent.of("o-1", "order", Event.of("PAY"), "api", T0).withIdempotencyKey("k-1"));
    assertThat(again.id()).isEqualTo(first.id());
    assertThat(store.pendingEvents()).isEqualTo(1);
    store.enqueue(
        QueuedEvent.of("o-2", "order", Event.of("PAY"), "api", T0).withIdempotencyKey("k-1"));
    assertThat(store.pendingEvents()).isEqualTo(2);

    Claim claim = store.lease("o-1", "w1", LEASE, T0).orElseThrow();
    InstanceRecord next = claim.instance().withRevision(claim.instance().revision() + 1);
    Map<String, Object> outcome = Map.of("handled", true, "states", List.of("paid"));
    store.commit(
        List.of(
            new StepCommit(
                claim.lease(),
                next,
                List.of(),
                List.of(),
                List.of(),
                true,
                List.of(new KeyedOutcome("o-1", "k-1", outcome)),
                null,
                List.of(),
                List.of())));
    assertThat(store.outcome("o-1", "k-1"))
        .hasValueSatisfying(o -> assertThat(o).containsEntry("handled", true));
    assertThat(store.outcome("o-2", "k-1")).isEmpty();
  }

  @Test
  void pendingAboveComparesWithTheThreshold() {
    createInstance("o-1", T0);
    enqueue("o-1", "PAY", T0);
    enqueue("o-1", "PAY", T0);
    assertThat(store.pendingAbove(1)).isTrue();
    assertThat(store.pendingAbove(2)).isFalse();
  }
}
