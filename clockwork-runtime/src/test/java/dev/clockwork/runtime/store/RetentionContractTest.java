package dev.clockwork.runtime.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.clockwork.core.interpreter.InstanceStatus;
import dev.clockwork.runtime.audit.OperatorAction;
import dev.clockwork.runtime.error.UnknownInstanceException;
import dev.clockwork.runtime.store.HistoryEntry.Kind;
import dev.clockwork.runtime.store.callback.NewCallback;
import dev.clockwork.runtime.store.callback.StoredCallback;
import dev.clockwork.runtime.store.retention.HistoryTrim;
import dev.clockwork.runtime.store.retention.OldestRows;
import dev.clockwork.runtime.store.retention.RemovedRows;
import dev.clockwork.runtime.store.retention.RetentionScope;
import java.net.URI;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The store contract for retention: a finished instance past its age goes with everything it owns,
 * in bounded batches, never while a lease holds it or a child still runs; running instances'
 * history is trimmed by age and by rows, leaving one marker; old keys, settled callbacks and
 * operator log entries go; nothing younger, running or out of scope is touched.
 */
public abstract class RetentionContractTest extends StoreContract {
  static final Instant LATER = T0.plus(Duration.ofDays(40));
  static final Instant CUTOFF = T0.plus(Duration.ofDays(10));

  private RetentionStore retention() {
    return store.retention();
  }

  /** A finished instance (its last change at {@code at}) with {@code rows} history rows. */
  private InstanceRecord finished(String id, String machine, Instant at, int rows) {
    InstanceRecord record =
        InstanceBuilder.instance(id)
            .machine(machine)
            .status(InstanceStatus.DONE)
            .historySequence(rows)
            .updatedAt(at)
            .build();
    store.work().create(record, rows(record, rows, at));
    return record;
  }

  /** A running instance with {@code rows} history rows, an hour apart from {@code T0}. */
  private InstanceRecord running(String id, int rows) {
    InstanceRecord record = InstanceBuilder.instance(id).historySequence(rows).build();
    List<HistoryEntry> history = new ArrayList<>();
    for (int seq = 1; seq <= rows; seq++) {
      history.add(row(record, seq, T0.plus(Duration.ofHours(seq - 1))));
    }
    store.work().create(record, history);
    return record;
  }

  private static List<HistoryEntry> rows(InstanceRecord record, int rows, Instant at) {
    List<HistoryEntry> history = new ArrayList<>();
    for (int seq = 1; seq <= rows; seq++) {
      history.add(row(record, seq, at));
    }
    return history;
  }

  private static HistoryEntry row(InstanceRecord record, long seq, Instant at) {
    return new HistoryEntry(
        seq,
        record.id(),
        record.conversationId(),
        at,
        seq == 1 ? Kind.CREATED : Kind.EVENT,
        "E" + seq,
        Map.of(),
        List.of("waiting"),
        "");
  }

  private List<HistoryEntry> history(String id) {
    return store.instances().history(id, 0, 1_000);
  }

  private StoredCallback callback(String instanceId, String key, Instant at) {
    return store
        .callbacks()
        .register(
            new NewCallback(
                instanceId, key, "PAID", Map.of(), null, URI.create("http://x/cb"), "ada", at));
  }

  @Test
  void aFinishedInstanceGoesWithEverythingItOwns() {
    finished("a", "order", T0, 3);
    store.queue().enqueue(event("a", "LATE", T0).withIdempotencyKey("k-1"));
    callback("a", "k-1", T0);

    RemovedRows removed =
        retention().purgeFinishedInstances(RetentionScope.all(), CUTOFF, LATER, 10);

    assertThat(removed.of(RemovedRows.INSTANCES)).isEqualTo(1);
    assertThat(removed.of(RemovedRows.HISTORY)).isEqualTo(3);
    assertThat(removed.of(RemovedRows.QUEUE)).isEqualTo(1);
    assertThat(removed.of(RemovedRows.IDEMPOTENCY_KEYS)).isEqualTo(1);
    assertThat(removed.of(RemovedRows.CALLBACKS)).isEqualTo(1);
    assertThat(store.instances().find("a")).isEmpty();
    assertThat(history("a")).isEmpty();
    assertThat(store.queue().pendingEvents("a")).isZero();
    assertThat(store.queue().idempotencyRecord("a", "k-1")).isEmpty();
    assertThat(store.callbacks().unbound(LATER, 10)).isEmpty();
    assertThatThrownBy(() -> enqueue("a", "AFTER", LATER))
        .isInstanceOf(UnknownInstanceException.class);
  }

  @Test
  void runningAndRecentlyFinishedInstancesAreKept() {
    running("busy", 2);
    finished("recent", "order", CUTOFF.plusSeconds(1), 1);

    assertThat(retention().purgeFinishedInstances(RetentionScope.all(), CUTOFF, LATER, 10))
        .isEqualTo(RemovedRows.NONE);
    assertThat(store.instances().find("busy")).isPresent();
    assertThat(store.instances().find("recent")).isPresent();
  }

  @Test
  void aFinishedInstanceAValidLeaseHoldsIsLeftUntilTheLeaseExpires() {
    finished("a", "order", T0, 1);
    lease("a", LATER);

    assertThat(retention().purgeFinishedInstances(RetentionScope.all(), CUTOFF, LATER, 10))
        .isEqualTo(RemovedRows.NONE);
    assertThat(store.instances().find("a")).isPresent();

    RemovedRows removed =
        retention().purgeFinishedInstances(RetentionScope.all(), CUTOFF, LATER.plus(LEASE), 10);
    assertThat(removed.of(RemovedRows.INSTANCES)).isEqualTo(1);
    assertThat(removed.of(RemovedRows.LEASES)).isEqualTo(1);
    assertThat(store.instances().find("a")).isEmpty();
  }

  @Test
  void aScopeCoversItsMachinesOnly() {
    finished("o-1", "order", T0, 1);
    finished("i-1", "invoice", T0, 1);
    finished("i-2", "invoice", T0, 1);

    assertThat(
            retention()
                .purgeFinishedInstances(RetentionScope.only("invoice"), CUTOFF, LATER, 1)
                .of(RemovedRows.INSTANCES))
        .isEqualTo(1);
    assertThat(
            retention()
                .purgeFinishedInstances(RetentionScope.allBut(Set.of("order")), CUTOFF, LATER, 10)
                .of(RemovedRows.INSTANCES))
        .isEqualTo(1);
    assertThat(store.instances().find("o-1")).isPresent();
    assertThat(store.instances().find("i-1")).isEmpty();
    assertThat(store.instances().find("i-2")).isEmpty();
  }

  @Test
  void finishedInstancesGoInBatchesOldestFirst() {
    for (int i = 0; i < 5; i++) {
      finished("f-" + i, "order", T0.plusSeconds(10 - i), 1);
    }

    List<Long> batches = new ArrayList<>();
    long removed;
    do {
      removed =
          retention()
              .purgeFinishedInstances(RetentionScope.all(), CUTOFF, LATER, 2)
              .of(RemovedRows.INSTANCES);
      batches.add(removed);
    } while (removed > 0);

    assertThat(batches).containsExactly(2L, 2L, 1L, 0L);
  }

  @Test
  void theOldestFinishedGoFirst() {
    finished("newer", "order", T0.plusSeconds(5), 1);
    finished("older", "order", T0, 1);

    retention().purgeFinishedInstances(RetentionScope.all(), CUTOFF, LATER, 1);

    assertThat(store.instances().find("older")).isEmpty();
    assertThat(store.instances().find("newer")).isPresent();
  }

  @Test
  void finishedChildrenGoWithTheirParentAndARunningChildKeepsIt() {
    finished("p", "order", T0, 1);
    finished("p/shipping#1", "shipment", T0, 2);
    finished("q", "order", T0, 1);
    running("q/shipping#1", 1);

    RemovedRows removed =
        retention().purgeFinishedInstances(RetentionScope.only("order"), CUTOFF, LATER, 10);

    assertThat(removed.of(RemovedRows.INSTANCES)).isEqualTo(2);
    assertThat(removed.of(RemovedRows.HISTORY)).isEqualTo(3);
    assertThat(store.instances().find("p/shipping#1")).isEmpty();
    assertThat(store.instances().find("q")).isPresent();
    assertThat(store.instances().find("q/shipping#1")).isPresent();
  }

  @Test
  void historyBeyondMaxRowsIsTrimmedOldestFirstLeavingOneMarker() {
    running("r", 10);

    HistoryTrim trim = retention().trimHistory(RetentionScope.all(), T0, 4, LATER, "", 10);

    assertThat(trim.rowsRemoved()).isEqualTo(6);
    assertThat(trim.trimmed()).isEqualTo(1);
    assertThat(trim.done()).isTrue();
    List<HistoryEntry> rows = history("r");
    assertThat(rows).extracting(HistoryEntry::sequence).containsExactly(7L, 8L, 9L, 10L);
    HistoryEntry marker = rows.get(0);
    assertThat(marker.kind()).isEqualTo(Kind.TRIMMED);
    assertThat(TrimMarker.removed(marker)).isEqualTo(7);
    assertThat(((Number) marker.payload().get(TrimMarker.THROUGH)).longValue()).isEqualTo(7);
    assertThat(marker.at()).isEqualTo(LATER);
    assertThat(marker.detail()).isEqualTo("7 older rows removed on 2026-02-10 00:00 (through #7)");
    assertThat(TrimMarker.words(marker)).isEqualTo(marker.detail());
    assertThat(marker.states()).as("the replaced row's states").containsExactly("waiting");

    assertThat(retention().trimHistory(RetentionScope.all(), T0, 4, LATER, "", 10).trimmed())
        .as("nothing left to trim")
        .isZero();
    retention().trimHistory(RetentionScope.all(), T0, 2, LATER, "", 10);
    List<HistoryEntry> again = history("r");
    assertThat(again).extracting(HistoryEntry::sequence).containsExactly(9L, 10L);
    assertThat(TrimMarker.removed(again.get(0)))
        .as("the first marker's count is kept")
        .isEqualTo(9);
  }

  @Test
  void historyOlderThanMaxAgeIsTrimmed() {
    running("r", 10);

    HistoryTrim trim =
        retention()
            .trimHistory(RetentionScope.all(), T0.plus(Duration.ofHours(5)), 10_000, LATER, "", 10);

    assertThat(trim.rowsRemoved()).isEqualTo(4);
    List<HistoryEntry> rows = history("r");
    assertThat(rows).extracting(HistoryEntry::sequence).containsExactly(5L, 6L, 7L, 8L, 9L, 10L);
    assertThat(rows.get(0).kind()).isEqualTo(Kind.TRIMMED);
    assertThat(TrimMarker.removed(rows.get(0))).isEqualTo(5);
    assertThat(
            retention()
                .trimHistory(
                    RetentionScope.all(), T0.plus(Duration.ofHours(5)), 10_000, LATER, "", 10)
                .trimmed())
        .as("a marker is never trimmed for its own age")
        .isZero();
  }

  @Test
  void finishedAndOutOfScopeHistoryIsNotTrimmed() {
    finished("done", "order", T0, 5);
    InstanceRecord invoice = InstanceBuilder.instance("inv").machine("invoice").build();
    store.work().create(invoice, rows(invoice, 5, T0));

    HistoryTrim trim =
        retention().trimHistory(RetentionScope.allBut(Set.of("invoice")), LATER, 1, LATER, "", 10);

    assertThat(trim.rowsRemoved()).isZero();
    assertThat(history("done")).hasSize(5);
    assertThat(history("inv")).hasSize(5);
  }

  @Test
  void historyTrimmingWalksRunningInstancesInBatches() {
    running("r-1", 3);
    running("r-2", 3);
    running("r-3", 3);

    HistoryTrim first = retention().trimHistory(RetentionScope.all(), T0, 1, LATER, "", 2);
    HistoryTrim second =
        retention().trimHistory(RetentionScope.all(), T0, 1, LATER, first.lastInstanceId(), 2);

    assertThat(first.lastInstanceId()).isEqualTo("r-2");
    assertThat(first.trimmed()).isEqualTo(2);
    assertThat(second.done()).isTrue();
    assertThat(second.trimmed()).isEqualTo(1);
    assertThat(history("r-3")).extracting(HistoryEntry::kind).containsExactly(Kind.TRIMMED);
  }

  @Test
  void oldIdempotencyKeysAreForgotten() {
    create("a");
    store.queue().enqueue(event("a", "PAID", T0).withIdempotencyKey("old"));
    store.queue().enqueue(event("a", "PAID", CUTOFF.plusSeconds(1)).withIdempotencyKey("new"));

    assertThat(retention().purgeIdempotencyKeys(RetentionScope.only("invoice"), CUTOFF, 10))
        .isZero();
    assertThat(retention().purgeIdempotencyKeys(RetentionScope.all(), CUTOFF, 10)).isEqualTo(1);

    assertThat(store.queue().idempotencyRecord("a", "old")).isEmpty();
    assertThat(store.queue().idempotencyRecord("a", "new")).isPresent();
    assertThat(store.queue().pendingEvents("a")).as("the events stay queued").isEqualTo(2);
  }

  @Test
  void settledCallbacksPastTheirAgeGoAndWaitingOnesStay() {
    create("a");
    StoredCallback settled = callback("a", "k-1", T0);
    store.callbacks().bind(settled.id(), 1);
    store.callbacks().abandon(settled.id(), "never queued");
    StoredCallback waiting = callback("a", "k-2", T0);
    store.callbacks().bind(waiting.id(), 2);
    StoredCallback young = callback("a", "k-3", CUTOFF.plusSeconds(1));
    store.callbacks().bind(young.id(), 3);
    store.callbacks().abandon(young.id(), "never queued");

    assertThat(retention().purgeCallbacks(RetentionScope.only("invoice"), CUTOFF, 10)).isZero();
    assertThat(retention().purgeCallbacks(RetentionScope.all(), CUTOFF, 10)).isEqualTo(1);

    assertThat(store.callbacks().forEvent("a", 1)).isEmpty();
    assertThat(store.callbacks().forEvent("a", 2)).hasSize(1);
    assertThat(store.callbacks().forEvent("a", 3)).hasSize(1);
  }

  @Test
  void operatorLogEntriesPastTheirAgeGoOldestFirst() {
    for (int i = 0; i < 3; i++) {
      store
          .operatorLog()
          .append(
              new OperatorAction(
                  0, T0.plus(Duration.ofDays(i)), "ada", null, "api", "queue.pause", "q", null));
    }

    assertThat(retention().purgeOperatorLog(T0.plus(Duration.ofDays(2)), 1)).isEqualTo(1);
    assertThat(retention().purgeOperatorLog(T0.plus(Duration.ofDays(2)), 10)).isEqualTo(1);

    assertThat(store.operatorLog().list(null, Long.MAX_VALUE, 10))
        .extracting(OperatorAction::at)
        .containsExactly(T0.plus(Duration.ofDays(2)));
  }

  @Test
  void theOldestRowOfEachTableIsReported() {
    finished("f", "order", T0.plusSeconds(30), 1);
    running("r", 2);
    store
        .operatorLog()
        .append(new OperatorAction(0, T0.plusSeconds(7), "ada", null, null, "a", "t", null));

    OldestRows oldest = retention().oldest();

    assertThat(oldest.byTable())
        .containsEntry(RemovedRows.INSTANCES, T0.plusSeconds(30))
        .containsEntry(RemovedRows.HISTORY, T0)
        .containsEntry(RemovedRows.OPERATOR_LOG, T0.plusSeconds(7))
        .doesNotContainKey(RemovedRows.CALLBACKS);
  }
}
