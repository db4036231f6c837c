package dev.clockwork.postgres;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.clockwork.core.event.Event;
import dev.clockwork.runtime.queue.QueuedEvent;
import dev.clockwork.runtime.store.Claim;
import dev.clockwork.runtime.store.ConcurrentUpdateException;
import dev.clockwork.runtime.store.HistoryEntry;
import dev.clockwork.runtime.store.InstanceRecord;
import dev.clockwork.runtime.store.StepCommit;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Commits are fenced by the lease token and the revision, decided per commit in a batch. */
class CommitFencingTest extends StoreFixture {

  @Test
  void aWorkerWhoseExpiredLeaseWasTakenOverCannotCommit() {
    create("o-1", T0);
    QueuedEvent event = enqueue("o-1", "A", T0);
    Claim first = store.claim("w1", LEASE, T0, 10, 10).get(0);
    Claim second = store.claim("w2", LEASE, T0.plus(LEASE), 10, 10).get(0);
    assertThat(second.lease().token()).isNotEqualTo(first.lease().token());

    assertThat(store.commit(List.of(commitOf(first, List.of(event.id()), true))))
        .containsExactly("o-1");
    assertThat(store.find("o-1").orElseThrow().revision()).isEqualTo(1);
    assertThat(store.pendingEvents()).isEqualTo(1);
    assertThat(store.renew(first.lease(), T0.plusSeconds(120))).isEmpty();

    assertThat(store.commit(List.of(commitOf(second, List.of(event.id()), true)))).isEmpty();
    assertThat(store.pendingEvents()).isZero();
  }

  @Test
  void aHundredCommitsGoInOneCall() {
    for (int i = 0; i < 100; i++) {
      create(String.format("o-%03d", i), T0);
      enqueue(String.format("o-%03d", i), "PAY", T0);
    }
    List<Claim> claims = store.claim("w1", LEASE, T0, 100, 10);
    List<StepCommit> commits = new ArrayList<>();
    for (Claim claim : claims) {
      String id = claim.instance().id();
      HistoryEntry row =
          new HistoryEntry(
              2, id, "conv-" + id, T0, HistoryEntry.Kind.EVENT, "PAY", Map.of(), List.of(), null);
      InstanceRecord next = claim.instance().withRevision(2).withHistorySequence(2);
      List<Long> consumed = List.of(claim.events().get(0).id());
      commits.add(new StepCommit(claim.lease(), next, List.of(row), consumed, List.of(), true));
    }
    assertThat(store.commit(commits)).isEmpty();
    assertThat(store.pendingEvents()).isZero();
    assertThat(store.find("o-042").orElseThrow().revision()).isEqualTo(2);
    assertThat(store.history("o-099", 0, 10)).hasSize(2);
    assertThat(store.claim("w2", LEASE, T0, 100, 10)).isEmpty();
    assertThat(store.lease("o-000", "w2", LEASE, T0)).isPresent();
  }

  @Test
  void anExpiredLeaseNobodyTookOverStillCommits() {
    create("o-1", T0);
    QueuedEvent event = enqueue("o-1", "A", T0);
    Claim slow = store.claim("w1", LEASE, T0, 10, 10).get(0);
    assertThat(store.commit(List.of(commitOf(slow, List.of(event.id()), true)))).isEmpty();
    assertThat(store.find("o-1").orElseThrow().revision()).isEqualTo(2);
  }

  @Test
  void aBatchWritesTheValidCommitsAndReportsTheLostOnes() {
    create("lost", T0);
    create("kept", T0);
    QueuedEvent lostEvent = enqueue("lost", "A", T0);
    QueuedEvent keptEvent = enqueue("kept", "A", T0);
    Claim lost = store.lease("lost", "w1", Duration.ofSeconds(1), T0).orElseThrow();
    Claim kept = store.lease("kept", "w1", LEASE, T0).orElseThrow();
    store.lease("lost", "w2", LEASE, T0.plusSeconds(1)).orElseThrow();

    QueuedEvent sent = QueuedEvent.of("lost", "order", Event.of("PING"), "emit", T0);
    assertThat(
            store.commit(
                List.of(
                    commitOf(lost, List.of(lostEvent.id()), true),
                    commitOf(kept, List.of(keptEvent.id()), List.of(sent), true))))
        .containsExactly("lost");
    assertThat(store.find("lost").orElseThrow().revision()).isEqualTo(1);
    assertThat(store.find("kept").orElseThrow().revision()).isEqualTo(2);
    assertThat(store.pendingEvents()).isEqualTo(2);
    assertThat(store.lease("kept", "w3", LEASE, T0)).isPresent();
  }

  @Test
  void aRevisionMismatchStopsTheBatchAfterTheCommitsBeforeIt() {
    create("a", T0);
    create("b", T0);
    create("c", T0);
    Claim a = store.lease("a", "w1", LEASE, T0).orElseThrow();
    Claim b = store.lease("b", "w1", LEASE, T0).orElseThrow();
    Claim c = store.lease("c", "w1", LEASE, T0).orElseThrow();
    InstanceRecord skipped = b.instance().withRevision(b.instance().revision() + 2);
    StepCommit bad = new StepCommit(b.lease(), skipped, List.of(), List.of(), List.of(), true);

    assertThatThrownBy(
            () ->
                store.commit(
                    List.of(commitOf(a, List.of(), true), bad, commitOf(c, List.of(), true))))
        .isInstanceOf(ConcurrentUpdateException.class)
        .hasMessageContaining("'b'");
    assertThat(store.find("a").orElseThrow().revision()).isEqualTo(2);
    assertThat(store.find("b").orElseThrow().revision()).isEqualTo(1);
    assertThat(store.find("c").orElseThrow().revision()).isEqualTo(1);
  }

  @Test
  void aCommitWritesTheNewSnapshotAndHistory() {
    create("o-1", T0);
    Claim claim = store.lease("o-1", "w1", LEASE, T0).orElseThrow();
    InstanceRecord stored = claim.instance();
    InstanceRecord next =
        new InstanceRecord(
            "o-1",
            "order",
            2,
            "conv-o-1",
            stored.active(),
            Map.of("total", 12.5, "items", List.of("a", "b")),
            List.of(),
            stored.lastEntryId(),
            dev.clockwork.core.interpreter.InstanceStatus.DONE,
            2,
            2,
            stored.createdAt(),
            T0.plusSeconds(1));
    HistoryEntry row =
        new HistoryEntry(
            2,
            "o-1",
            "conv-o-1",
            T0.plusSeconds(1),
            HistoryEntry.Kind.DONE,
            "paid",
            Map.of(),
            List.of(),
            null);
    store.commit(
        List.of(new StepCommit(claim.lease(), next, List.of(row), List.of(), List.of(), false)));

    assertThat(store.find("o-1").orElseThrow()).isEqualTo(next);
    assertThat(store.history("o-1", 1, 10)).containsExactly(row);
    assertThat(store.nextTimerDue()).isEmpty();
    assertThat(store.lease("o-1", "w2", LEASE, T0.plusSeconds(1))).isEmpty();
  }

  @Test
  void anEventSentToAnUnknownInstanceIsDroppedWithoutFailingTheBatch() {
    create("o-1", T0);
    Claim claim = store.lease("o-1", "w1", LEASE, T0).orElseThrow();
    QueuedEvent lost = QueuedEvent.of("ghost", "order", Event.of("PING"), "emit", T0);
    assertThat(store.commit(List.of(commitOf(claim, List.of(), List.of(lost), true)))).isEmpty();
    assertThat(store.find("o-1").orElseThrow().revision()).isEqualTo(2);
    assertThat(store.pendingEvents()).isZero();
  }
}
