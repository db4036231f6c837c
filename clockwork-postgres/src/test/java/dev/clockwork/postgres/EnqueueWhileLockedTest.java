package dev.clockwork.postgres;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import dev.clockwork.runtime.error.UnknownInstanceException;
import dev.clockwork.runtime.queue.QueuedEvent;
import dev.clockwork.runtime.store.Claim;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * An enqueue never waits for a turn in progress: while another transaction holds the instance's row
 * (a claim, or a commit stuck mid-way), the event is stored at once beside a marker, and the next
 * claim after the row is free merges it into the instance's head.
 */
class EnqueueWhileLockedTest extends StoreFixture {
  private static final Duration PROMPTLY = Duration.ofSeconds(5);

  /** A transaction that locked and updated the instance's row, as a commit does, and stalled. */
  private static Connection holdRow(String instanceId) throws SQLException {
    Connection holder = DB.dataSource().getConnection();
    holder.setAutoCommit(false);
    try (Statement statement = holder.createStatement()) {
      statement.execute(
          "SELECT id FROM cw_instances WHERE id = '" + instanceId + "' FOR NO KEY UPDATE");
      statement.execute(
          "UPDATE cw_instances SET updated_at = updated_at WHERE id = '" + instanceId + "'");
    }
    return holder;
  }

  @Test
  void anEnqueueReturnsWhileACommitHoldsTheRowAndTheEventIsClaimedOnceItIsFree()
      throws SQLException {
    create("o-1");
    try (Connection holder = holdRow("o-1")) {
      QueuedEvent queued = assertTimeoutPreemptively(PROMPTLY, () -> enqueue("o-1", "PAY", T0));

      assertThat(queued.id()).isPositive();
      assertThat(pendingHeads()).isOne();
      assertThat(claim(T0)).as("the row is still held").isEmpty();
      holder.commit();
    }

    assertThat(claimedTypes("o-1", T0)).containsExactly("PAY");
    assertThat(pendingHeads()).isZero();
  }

  @Test
  void anEnqueueWithAnIdempotencyKeyDoesNotWaitEither() throws SQLException {
    create("o-1");
    try (Connection holder = holdRow("o-1")) {
      QueuedEvent first =
          assertTimeoutPreemptively(
              PROMPTLY,
              () -> store.queue().enqueue(event("o-1", "PAY", T0).withIdempotencyKey("k")));
      QueuedEvent again =
          assertTimeoutPreemptively(
              PROMPTLY,
              () -> store.queue().enqueue(event("o-1", "PAY", T0).withIdempotencyKey("k")));

      assertThat(again.id()).isEqualTo(first.id());
      holder.commit();
    }

    assertThat(claimedTypes("o-1", T0)).containsExactly("PAY");
  }

  @Test
  void aCommitSendsToAnInstanceAnotherTransactionHoldsWithoutWaiting() throws SQLException {
    create("o-1", "o-2");
    Claim sender = lease("o-1", T0);
    try (Connection holder = holdRow("o-2")) {
      assertTimeoutPreemptively(
          PROMPTLY, () -> commitAll(update(sender).outgoing(List.of(event("o-2", "PING", T0)))));
      holder.commit();
    }

    assertThat(claimedTypes("o-2", T0)).containsExactly("PING");
  }

  @Test
  void eventsQueuedWhileTheRowWasHeldKeepTheirOrderBehindTheHead() throws SQLException {
    create("o-1");
    enqueue("o-1", "FIRST", T0);
    try (Connection holder = holdRow("o-1")) {
      assertTimeoutPreemptively(
          PROMPTLY,
          () -> {
            enqueue("o-1", "SECOND", T0);
            enqueue("o-1", "THIRD", T0);
          });
      holder.commit();
    }
    enqueue("o-1", "FOURTH", T0);

    assertThat(claimedTypes("o-1", T0)).containsExactly("FIRST", "SECOND", "THIRD", "FOURTH");
  }

  @Test
  void workQueuedBehindAHeldRowIsDueAlready() throws SQLException {
    create("o-1");
    try (Connection holder = holdRow("o-1")) {
      enqueue("o-1", "PAY", T0);

      assertThat(store.work().nextDue(T0.plusSeconds(1), java.util.Set.of("order"), null))
          .contains(T0);
      holder.commit();
    }
  }

  @Test
  void aFreeRowTakesTheEventAsItsHeadWithoutAMarker() {
    create("o-1");
    QueuedEvent queued = enqueue("o-1", "PAY", T0);

    assertThat(nextEventId("o-1")).isEqualTo(queued.id());
    assertThat(pendingHeads()).isZero();
  }

  @Test
  void anUnknownInstanceIsStillAnErrorAndLeavesNothingBehind() {
    assertThatThrownBy(() -> enqueue("ghost", "PAY", T0))
        .isInstanceOf(UnknownInstanceException.class)
        .hasMessageContaining("'ghost'");
    assertThat(store.queue().pendingEvents()).isZero();
    assertThat(pendingHeads()).isZero();
  }
}
