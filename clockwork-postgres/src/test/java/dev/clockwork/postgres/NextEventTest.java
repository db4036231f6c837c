package dev.clockwork.postgres;

import static org.assertj.core.api.Assertions.assertThat;

import dev.clockwork.core.event.Event;
import dev.clockwork.runtime.queue.AttemptError;
import dev.clockwork.runtime.queue.QueuedEvent;
import dev.clockwork.runtime.store.Claim;
import dev.clockwork.runtime.store.HistoryEntry;
import dev.clockwork.runtime.store.StepCommit;
import dev.clockwork.runtime.store.StoreContractTest;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;

/**
 * {@code next_event_at} always names the head of the instance's queue: claims read nothing else, so
 * a stale value would lose a wake-up (or spin on an empty queue).
 */
class NextEventTest extends StoreFixture {
  private static final String STALE_HEADS =
      """
      SELECT count(*)
        FROM cw_instances i
        LEFT JOIN LATERAL (
             SELECT q.available_at, q.id FROM cw_queue q
              WHERE q.instance_id = i.id ORDER BY q.id LIMIT 1) AS head ON true
       WHERE i.next_event_at IS DISTINCT FROM head.available_at
          OR i.next_event_id IS DISTINCT FROM head.id
      """;

  @Test
  void enqueueSetsItOnlyWhenTheQueueWasEmpty() {
    create("o-1", T0);
    assertThat(nextEventAt("o-1")).isNull();
    enqueue("o-1", "A", T0.plusSeconds(1));
    enqueue("o-1", "B", T0.plusSeconds(2));
    assertThat(nextEventAt("o-1")).isEqualTo(T0.plusSeconds(1));
  }

  @Test
  void aRetryMovesItToTheRetryInstant() {
    create("o-1", T0);
    QueuedEvent first = enqueue("o-1", "A", T0);
    enqueue("o-1", "B", T0);
    Claim claim = store.claim("w1", LEASE, T0, 10, 1).get(0);
    store.commit(
        List.of(
            StoreContractTest.retryCommit(
                claim, first.failed(new AttemptError(1, T0, "x"), T0.plusSeconds(8)))));
    assertThat(nextEventAt("o-1")).isEqualTo(T0.plusSeconds(8));
    assertThat(store.nextEventAvailable(T0)).contains(T0.plusSeconds(8));
  }

  @Test
  void aDeadLetterMovesItToTheNextEventOrClearsIt() {
    create("o-1", T0);
    QueuedEvent poison = enqueue("o-1", "A", T0);
    QueuedEvent next = enqueue("o-1", "B", T0.plusSeconds(3));
    Claim claim = store.claim("w1", LEASE, T0, 10, 1).get(0);
    claim = deadLetter(claim, poison.failed(new AttemptError(1, T0, "x"), T0), failure(2), false);
    assertThat(nextEventAt("o-1")).isEqualTo(T0.plusSeconds(3));
    deadLetter(claim, next.failed(new AttemptError(1, T0, "y"), T0), failure(3), true);
    assertThat(nextEventAt("o-1")).isNull();
    assertThat(store.find("o-1").orElseThrow().historySequence()).isEqualTo(3);
    assertThat(store.deadLetters(10))
        .extracting(d -> d.event().id())
        .containsExactly(poison.id(), next.id());
    assertThat(DB.single(STALE_HEADS)).isEqualTo(0L);
  }

  /** Commits a turn that only dead-lettered {@code failed}; the claim as it stands after it. */
  private Claim deadLetter(Claim claim, QueuedEvent failed, HistoryEntry failure, boolean release) {
    StepCommit commit = StoreContractTest.deadLetterCommit(claim, failed, failure, release);
    assertThat(store.commit(List.of(commit))).isEmpty();
    return new Claim(claim.lease(), commit.next(), List.of());
  }

  @Test
  void aLostLeaseChangesNothing() {
    create("o-1", T0);
    QueuedEvent event = enqueue("o-1", "A", T0);
    Claim stale = store.claim("w1", LEASE, T0, 10, 1).get(0);
    store.claim("w2", LEASE, T0.plus(LEASE), 10, 1);
    assertThat(
            store.commit(
                List.of(
                    StoreContractTest.retryCommit(
                        stale, event.failed(new AttemptError(1, T0, "x"), T0.plusSeconds(99))))))
        .containsExactly("o-1");
    store.appendHistory(stale.lease(), List.of(failure(2)));
    assertThat(nextEventAt("o-1")).isEqualTo(T0);
    assertThat(store.deadLetters(10)).isEmpty();
    assertThat(store.history("o-1", 1, 10)).isEmpty();
  }

  @Test
  void concurrentEnqueuesAndCommitsNeverLeaveAStaleHead() throws Exception {
    int instances = 8;
    int perInstance = 40;
    for (int i = 0; i < instances; i++) {
      create("o-" + i, T0);
    }
    CyclicBarrier start = new CyclicBarrier(3);
    Callable<Integer> producer =
        () -> {
          start.await();
          for (int n = 0; n < perInstance; n++) {
            for (int i = 0; i < instances; i++) {
              store.enqueue(QueuedEvent.of("o-" + i, "order", Event.of("E"), "api", T0));
            }
          }
          return 0;
        };
    Callable<Integer> consumer =
        () -> {
          start.await();
          int consumed = 0;
          int idle = 0;
          while (consumed < instances * perInstance && idle < 10_000) {
            List<Claim> claims = store.claim("worker", LEASE, T0, 4, 3);
            if (claims.isEmpty()) {
              idle++;
              Thread.onSpinWait();
              continue;
            }
            List<StepCommit> commits = new ArrayList<>();
            for (Claim claim : claims) {
              List<Long> ids = claim.events().stream().map(QueuedEvent::id).toList();
              consumed += ids.size();
              commits.add(commitOf(claim, ids, true));
            }
            assertThat(store.commit(commits)).isEmpty();
          }
          return consumed;
        };
    ExecutorService threads = Executors.newFixedThreadPool(3);
    try {
      List<Future<Integer>> results = threads.invokeAll(List.of(producer, producer, consumer));
      int consumed = results.get(2).get();
      assertThat(consumed + store.pendingEvents()).isEqualTo(2L * instances * perInstance);
    } finally {
      threads.shutdownNow();
    }
    assertThat(DB.single(STALE_HEADS)).isEqualTo(0L);
    long waiting = store.pendingEvents();
    long rest = 0;
    List<Claim> claims;
    while (!(claims = store.claim("drain", LEASE, T0, 100, 1000)).isEmpty()) {
      List<StepCommit> commits = new ArrayList<>();
      for (Claim claim : claims) {
        rest += claim.events().size();
        commits.add(commitOf(claim, claim.events().stream().map(QueuedEvent::id).toList(), true));
      }
      store.commit(commits);
    }
    assertThat(store.pendingEvents()).isZero();
    assertThat(DB.single(STALE_HEADS)).isEqualTo(0L);
    assertThat(rest).isEqualTo(waiting).isPositive();
  }

  private static HistoryEntry failure(long sequence) {
    return new HistoryEntry(
        sequence,
        "o-1",
        "conv-o-1",
        T0,
        HistoryEntry.Kind.FAILED,
        "A",
        Map.of(),
        List.of("waiting"),
        "x");
  }
}
