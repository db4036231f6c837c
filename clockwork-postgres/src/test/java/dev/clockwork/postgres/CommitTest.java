package dev.clockwork.postgres;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import dev.clockwork.core.ClockworkException;
import dev.clockwork.runtime.queue.QueuedEvent;
import dev.clockwork.runtime.store.Claim;
import dev.clockwork.runtime.store.ClaimRequest;
import dev.clockwork.runtime.store.CommitResult;
import dev.clockwork.runtime.store.CommitResult.Refusal;
import dev.clockwork.runtime.store.HistoryEntry;
import dev.clockwork.runtime.store.HistoryEntry.Kind;
import dev.clockwork.runtime.store.InstanceRecord;
import dev.clockwork.runtime.store.StepCommit;
import java.sql.Connection;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;

/** Commits on PostgreSQL: one transaction, a fixed number of statements, decided whole. */
class CommitTest extends StoreFixture {

  @Test
  void aHundredTurnsCommitInOneCall() {
    for (int i = 0; i < 100; i++) {
      String id = String.format("o-%03d", i);
      create(id);
      enqueue(id, "PAY", T0);
    }
    List<StepCommit> commits = new ArrayList<>();
    ClaimRequest all = new ClaimRequest("w1", LEASE, T0, 100, 10, Map.of("order", 100), true);
    for (Claim claim : store.work().claim(all)) {
      InstanceRecord next =
          dev.clockwork.runtime.store.InstanceBuilder.nextOf(claim.instance())
              .historySequence(2)
              .build();
      HistoryEntry row =
          new HistoryEntry(
              2,
              next.id(),
              next.conversationId(),
              T0,
              Kind.EVENT,
              "PAY",
              Map.of(),
              List.of("waiting"),
              null,
              claim.events().get(0).id(),
              1,
              List.of());
      commits.add(
          StepCommit.update(claim.lease(), next)
              .history(List.of(row))
              .consumed(List.of(claim.events().get(0).id()))
              .build());
    }

    assertThat(store.work().commit(commits).refused()).isEmpty();
    assertThat(store.queue().pendingEvents()).isZero();
    assertThat(store.instances().find("o-042")).map(InstanceRecord::revision).contains(2L);
    assertThat(store.instances().history("o-099", 0, 10)).hasSize(2);
    assertThat(claim(T0)).isEmpty();
    assertThat(store.work().lease("o-000", "w2", LEASE, T0)).isPresent();
  }

  @Test
  void anInstanceInsertedMeanwhileByAnotherTransactionRefusesTheGroupThatCreatesIt()
      throws Exception {
    create("o-1", "o-2");
    Claim parent = lease("o-1", T0);
    Claim other = lease("o-2", T0);
    CompletableFuture<CommitResult> result;
    try (Connection rival = DB.dataSource().getConnection()) {
      rival.setAutoCommit(false);
      try (Statement insert = rival.createStatement()) {
        insert.execute(
            "INSERT INTO cw_instances (id, machine, version, conversation_id, status, active,"
                + " context, timers, last_entry_id, revision, history_seq, created_at,"
                + " updated_at) VALUES ('child', 'order', 1, 'c', 'ACTIVE', '[]', '{}', '[]', 0,"
                + " 1, 0, now(), now())");
      }
      result =
          CompletableFuture.supplyAsync(
              () ->
                  commit(
                      update(parent)
                          .group("family")
                          .outgoing(List.of(event("o-2", "FROM_PARENT", T0))),
                      StepCommit.insert(instance("child").build()).group("family"),
                      update(other).group("other")));
      await()
          .atMost(Duration.ofSeconds(10))
          .until(
              () ->
                  (Long)
                          DB.single(
                              "SELECT count(*) FROM pg_stat_activity"
                                  + " WHERE wait_event_type = 'Lock'"
                                  + " AND query LIKE '%INSERT INTO cw_instances%'")
                      == 1L);
      rival.commit();
    }

    CommitResult written = result.get();
    assertThat(written.refused()).isEqualTo(Map.of("family", Refusal.DUPLICATE_ID));
    assertThat(store.instances().find("o-1")).map(InstanceRecord::revision).contains(1L);
    assertThat(store.instances().find("o-2")).map(InstanceRecord::revision).contains(2L);
    assertThat(store.queue().pendingEvents()).as("the family's outgoing event").isZero();
    assertThat(store.instances().find("child")).map(InstanceRecord::conversationId).contains("c");
  }

  /**
   * The lease lives in {@code cw_leases}, not on the instance row; a commit must still see a
   * takeover that commits while it waits for the row's lock (its snapshot from before the wait
   * would show its own token).
   */
  @Test
  void aLeaseTakenOverWhileTheCommitWaitsForTheRowIsRefused() throws Exception {
    create("o-1");
    Claim old = lease("o-1", T0);
    CompletableFuture<CommitResult> result;
    try (Connection claimer = DB.dataSource().getConnection()) {
      claimer.setAutoCommit(false);
      try (Statement takeOver = claimer.createStatement()) {
        // as a claim does: the row locked by its due scan, then the expired lease replaced
        takeOver.execute("SELECT id FROM cw_instances WHERE id = 'o-1' FOR NO KEY UPDATE");
        takeOver.execute(
            "UPDATE cw_leases SET owner = 'w2', token = gen_random_uuid()"
                + " WHERE instance_id = 'o-1'");
      }
      result = CompletableFuture.supplyAsync(() -> commit(update(old)));
      await()
          .atMost(Duration.ofSeconds(10))
          .until(
              () ->
                  (Long)
                          DB.single(
                              "SELECT count(*) FROM pg_stat_activity"
                                  + " WHERE wait_event_type = 'Lock'"
                                  + " AND query LIKE '%FROM cw_instances%FOR NO KEY UPDATE%'")
                      == 1L);
      claimer.commit();
    }

    assertThat(result.get().refused()).isEqualTo(Map.of("o-1", Refusal.LEASE_LOST));
    assertThat(store.instances().find("o-1")).map(InstanceRecord::revision).contains(1L);
    assertThat(DB.single("SELECT owner FROM cw_leases WHERE instance_id = 'o-1'"))
        .as("the new holder's lease stays")
        .isEqualTo("w2");
  }

  @Test
  void aCommitThatFailsWritesNothingAndKeepsItsLeasesAndEvents() {
    create("o-1", "o-2");
    QueuedEvent pay = enqueue("o-1", "PAY", T0);
    Claim first = store.work().claim(request(T0)).get(0);
    Claim second = lease("o-2", T0);
    HistoryEntry clash = createdRow(second.instance()); // sequence 1 exists: the insert fails

    assertThatThrownBy(
            () ->
                commit(
                    update(first)
                        .consumed(List.of(pay.id()))
                        .outgoing(List.of(event("o-2", "PING", T0))),
                    update(second).history(List.of(clash))))
        .isInstanceOf(ClockworkException.class)
        .hasMessageContaining("could not commit 2 turn(s)");

    assertThat(store.instances().find("o-1")).map(InstanceRecord::revision).contains(1L);
    assertThat(store.queue().pendingEvents()).isOne();
    assertThat(store.work().renew(first.lease(), T0.plusSeconds(60))).isPresent();
    assertThat(store.work().renew(second.lease(), T0.plusSeconds(60))).isPresent();
  }

  @Test
  void aDeadLetterWithoutErrorsIsRefusedBeforeAnythingIsWritten() {
    create("o-1");
    QueuedEvent pay = enqueue("o-1", "PAY", T0);
    Claim claim = store.work().claim(request(T0)).get(0);

    assertThatThrownBy(() -> commit(update(claim).deadLettered(List.of(pay))))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("has no errors");
    assertThat(store.instances().find("o-1")).map(InstanceRecord::revision).contains(1L);
    assertThat(store.queue().pendingEvents()).isOne();
  }

  @Test
  void twoTurnsOfOneInstanceInOneCallLandInOrder() {
    create("o-1");
    Claim claim = lease("o-1", T0);
    InstanceRecord second =
        dev.clockwork.runtime.store.InstanceBuilder.nextOf(claim.instance())
            .revision(3)
            .context(Map.of("n", 3L))
            .build();

    commitAll(update(claim), StepCommit.update(claim.lease(), second));

    assertThat(store.instances().find("o-1")).contains(second);
  }
}
