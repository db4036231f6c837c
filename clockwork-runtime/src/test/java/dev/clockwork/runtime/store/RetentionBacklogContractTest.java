package dev.clockwork.runtime.store;

import static org.assertj.core.api.Assertions.assertThat;

import dev.clockwork.core.interpreter.InstanceStatus;
import dev.clockwork.runtime.audit.OperatorAction;
import dev.clockwork.runtime.store.HistoryEntry.Kind;
import dev.clockwork.runtime.store.retention.RemovedRows;
import dev.clockwork.runtime.store.retention.RetentionBacklog;
import dev.clockwork.runtime.store.retention.RetentionCutoffs;
import dev.clockwork.runtime.store.retention.RetentionScope;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The store contract for what retention still has to do: per table and scope, the oldest row and
 * the rows past their cutoff, counted up to a cap that marks the count a lower bound.
 */
public abstract class RetentionBacklogContractTest extends StoreContract {
  static final Instant CUTOFF = T0.plus(Duration.ofDays(10));
  static final RetentionCutoffs AT_CUTOFF =
      new RetentionCutoffs(CUTOFF, T0.plus(Duration.ofHours(2)), CUTOFF, CUTOFF, CUTOFF);

  private RetentionBacklog backlog(RetentionScope scope, int cap) {
    return store.retention().backlog(scope, AT_CUTOFF, cap);
  }

  private void finished(String id, String machine, Instant at) {
    InstanceRecord record =
        instance(id).machine(machine).status(InstanceStatus.DONE).updatedAt(at).build();
    store.work().create(record, List.of(createdRow(record)));
  }

  /** A running instance of {@code order} with {@code rows} history rows, an hour apart from T0. */
  private void running(String id, int rows) {
    InstanceRecord record = instance(id).historySequence(rows).build();
    List<HistoryEntry> history = new ArrayList<>();
    for (int seq = 1; seq <= rows; seq++) {
      history.add(
          new HistoryEntry(
              seq,
              id,
              record.conversationId(),
              T0.plus(Duration.ofHours(seq - 1)),
              seq == 1 ? Kind.CREATED : Kind.EVENT,
              "E" + seq,
              Map.of(),
              List.of("waiting"),
              ""));
    }
    store.work().create(record, history);
  }

  private void logged(Instant at) {
    store.operatorLog().append(new OperatorAction(0, at, "ada", null, "cli", "a", "t", null));
  }

  @Test
  void eachTableReportsItsOldestRowAndTheRowsPastTheirCutoff() {
    finished("f-1", "order", T0);
    finished("f-2", "order", T0.plus(Duration.ofDays(1)));
    finished("f-3", "order", CUTOFF.plus(Duration.ofDays(1)));
    finished("s-1", "shipment", T0.plusSeconds(5));
    running("r", 5);
    store.queue().enqueue(event("r", "PAY", T0.plusSeconds(9)).withIdempotencyKey("k-1"));
    logged(T0.plusSeconds(7));
    logged(CUTOFF.plusSeconds(1));

    RetentionBacklog all = backlog(RetentionScope.all(), 100);

    assertThat(all.oldest())
        .containsEntry(RemovedRows.INSTANCES, T0)
        .containsEntry(RemovedRows.HISTORY, T0)
        .containsEntry(RemovedRows.IDEMPOTENCY_KEYS, T0.plusSeconds(9))
        .containsEntry(RemovedRows.OPERATOR_LOG, T0.plusSeconds(7))
        .doesNotContainKey(RemovedRows.CALLBACKS);
    assertThat(all.overdueOf(RemovedRows.INSTANCES)).as("f-1, f-2, s-1").isEqualTo(3);
    assertThat(all.overdueOf(RemovedRows.HISTORY)).as("r's rows at T0 and T0+1h").isEqualTo(2);
    assertThat(all.overdueOf(RemovedRows.IDEMPOTENCY_KEYS)).isEqualTo(1);
    assertThat(all.overdueOf(RemovedRows.CALLBACKS)).isZero();
    assertThat(all.overdueOf(RemovedRows.OPERATOR_LOG)).isEqualTo(1);
    assertThat(all.atLeast()).isEmpty();
    assertThat(store.retention().oldest().byTable()).isEqualTo(all.oldest());
  }

  @Test
  void aScopeCountsOnlyItsMachinesAndOnlyTheSystemScopeHasTheOperatorLog() {
    finished("f-1", "order", T0);
    finished("s-1", "shipment", T0.plusSeconds(5));
    logged(T0);

    RetentionBacklog order = backlog(RetentionScope.only("order"), 100);
    RetentionBacklog others = backlog(RetentionScope.allBut(Set.of("order")), 100);

    assertThat(order.overdueOf(RemovedRows.INSTANCES)).isEqualTo(1);
    assertThat(order.oldest()).containsEntry(RemovedRows.INSTANCES, T0);
    assertThat(order.oldest()).doesNotContainKey(RemovedRows.OPERATOR_LOG);
    assertThat(order.overdue()).doesNotContainKey(RemovedRows.OPERATOR_LOG);
    assertThat(others.overdueOf(RemovedRows.INSTANCES)).isEqualTo(1);
    assertThat(others.oldest()).containsEntry(RemovedRows.INSTANCES, T0.plusSeconds(5));
    assertThat(others.overdueOf(RemovedRows.OPERATOR_LOG)).isEqualTo(1);
  }

  @Test
  void aCountStopsAtTheCapAndSaysItIsALowerBound() {
    for (int i = 0; i < 5; i++) {
      finished("f-" + i, "order", T0.plusSeconds(i));
    }
    running("r", 6);

    RetentionBacklog capped = backlog(RetentionScope.all(), 3);

    assertThat(capped.overdueOf(RemovedRows.INSTANCES)).isEqualTo(3);
    assertThat(capped.isLowerBound(RemovedRows.INSTANCES)).isTrue();
    assertThat(capped.overdueOf(RemovedRows.HISTORY)).isEqualTo(2);
    assertThat(capped.isLowerBound(RemovedRows.HISTORY)).isFalse();
  }

  @Test
  void aTrimMarkerIsNotTheOldestRow() {
    running("r", 10);
    store.retention().trimHistory(RetentionScope.all(), T0, 4, CUTOFF, "", 10);

    RetentionBacklog backlog =
        store
            .retention()
            .backlog(
                RetentionScope.all(),
                new RetentionCutoffs(CUTOFF, CUTOFF, CUTOFF, CUTOFF, CUTOFF),
                100);

    assertThat(backlog.oldest()).containsEntry(RemovedRows.HISTORY, T0.plus(Duration.ofHours(7)));
    assertThat(backlog.overdueOf(RemovedRows.HISTORY))
        .as("rows 8 to 10, not the marker")
        .isEqualTo(3);
  }
}
